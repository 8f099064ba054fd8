import type { LoaderFunctionArgs } from 'react-router-dom';
import { serverContextOf } from '../server-context';
import { controlsLoader } from './controls-loader';

/**
 * /contact: the shop's settings (its links), whether a message was just sent (`?sent=1`, where the storefront's
 * server sends a form posted without scripts), and such a form the server could not take, shown again.
 */
export function contactLoader(args: LoaderFunctionArgs) {
  const submission = serverContextOf(args.context)?.submission ?? null;
  return { ...controlsLoader(args), sent: new URL(args.request.url).searchParams.get('sent') === '1', submission };
}
