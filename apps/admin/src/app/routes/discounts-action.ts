import { adminArchiveDiscountCode } from '@shop/api-client';
import type { ActionFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';
import { type ActionResult, toastedAction } from '../../lib/toasted-action';

/**
 * A code's Archive or Restore button (issue 26), a form posted to the discount codes screen: the list reloads
 * after it, and the toast says what happened (the row leaves the list, so it cannot say it itself).
 */
export async function discountCodesAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  requireUserInfo();
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const archive = form.get('intent') === 'archive';
  return toastedAction(async () => {
    const code = await adminArchiveDiscountCode(id, archive);
    return archive ? `${code.code} archived: it no longer works at checkout` : `${code.code} restored: it works again on its own terms`;
  });
}
