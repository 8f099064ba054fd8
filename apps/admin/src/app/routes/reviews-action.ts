import { adminDeleteReview, adminModerateReview, adminSaveReviewSettings } from '@shop/api-client';
import { ReviewStatus } from '@shop/contracts';
import type { ActionFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';
import { type ActionResult, toastedAction } from '../../lib/toasted-action';

const DONE: Record<string, string> = {
  hide: 'Review hidden: it is no longer on the shop',
  publish: 'Review published: it is on the shop',
  delete: 'Review deleted',
};

/**
 * The reviews screen's buttons (issue 26), forms posted to its action: hide, publish (approve or restore), delete
 * (confirmed in the browser first), and the hold-for-approval setting. The list reloads after each; a toast says
 * what happened.
 */
export async function reviewsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  requireUserInfo();
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  if (!['settings', 'delete', 'hide', 'publish'].includes(intent)) return { ok: false, message: 'Unknown action' };
  return toastedAction(async () => {
    if (intent === 'settings') {
      const saved = await adminSaveReviewSettings({ holdForApproval: form.get('holdForApproval') === 'on' });
      return saved.holdForApproval ? 'New reviews now wait for your approval' : 'New reviews now appear on the shop at once';
    }
    if (intent === 'delete') await adminDeleteReview(String(form.get('product') ?? ''), id);
    else await adminModerateReview(id, { status: intent === 'hide' ? ReviewStatus.Hidden : ReviewStatus.Published });
    return DONE[intent];
  });
}
