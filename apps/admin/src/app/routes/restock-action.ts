import { adminRestock, errorMessage } from '@shop/api-client';
import { RestockInputSchema } from '@shop/rules';
import type { ActionFunctionArgs } from 'react-router-dom';
import type { RestockFormResult } from '../../features/restock/components/restock-form';
import { requireUserInfo } from '../../lib/auth';

/**
 * A restock form's post (issue 26): checked with the same rules as the gateway, then "+N" on the server, which
 * records who, how many, why and when. The screen's list reloads after it, as after any action.
 */
export async function restockAction({ request }: ActionFunctionArgs): Promise<RestockFormResult> {
  requireUserInfo();
  const form = await request.formData();
  const product = String(form.get('product') ?? '');
  const parsed = RestockInputSchema.safeParse({ qty: form.get('qty') ?? undefined, variant: form.get('variant') ?? undefined, reason: form.get('reason') ?? undefined });
  if (!parsed.success) return { ok: false, product, message: parsed.error.issues[0]?.message ?? 'Quantity is not valid' };
  try {
    const answer = await adminRestock(product, parsed.data);
    return { ok: true, product, added: answer.movement.change, name: answer.product.name, countInStock: answer.product.countInStock };
  } catch (caught) {
    return { ok: false, product, message: errorMessage(caught) };
  }
}
