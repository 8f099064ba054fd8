import { adminArchiveDiscountCode, errorMessage } from '@shop/api-client';
import { toast } from '@shop/web-ui';
import type { ActionFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/**
 * A code's Archive or Restore button (issue 26), a form posted to the discount codes screen: the list reloads
 * after it, and the toast says what happened (the row leaves the list, so it cannot say it itself).
 */
export async function discountCodesAction({ request }: ActionFunctionArgs): Promise<{ ok: boolean; message: string }> {
  requireUserInfo();
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const archive = form.get('intent') === 'archive';
  try {
    const code = await adminArchiveDiscountCode(id, archive);
    const message = archive ? `${code.code} archived: it no longer works at checkout` : `${code.code} restored: it works again on its own terms`;
    toast(message);
    return { ok: true, message };
  } catch (caught) {
    const message = errorMessage(caught);
    toast(message, 'error');
    return { ok: false, message };
  }
}
