import { StockWaitTokenSchema } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { serverContextOf } from '../server-context';

/**
 * /back-in-stock/unsubscribe: the link of a back-in-stock mail (`?token=`), the page after it was used (`?done=1`,
 * where the storefront's server sends the form posted from it), and a refusal the server drew the page again with.
 * Opening the link changes nothing: a mail scanner that follows links unsubscribes nobody.
 */
export function unsubscribeLoader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const submission = serverContextOf(context)?.submission ?? null;
  const token = search.get('token') ?? submission?.values.token ?? '';
  return { token: StockWaitTokenSchema.safeParse(token).success ? token : null, done: search.get('done') === '1', refusal: submission?.message ?? null };
}
