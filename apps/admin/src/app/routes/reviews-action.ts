import { adminDeleteReview, adminModerateReview, adminSaveReviewSettings, errorMessage } from '@shop/api-client';
import { ReviewStatus } from '@shop/contracts';
import { toast } from '@shop/web-ui';
import type { ActionFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

export interface ReviewsActionResult {
  ok: boolean;
  message: string;
}

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
export async function reviewsAction({ request }: ActionFunctionArgs): Promise<ReviewsActionResult> {
  requireUserInfo();
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  try {
    let message: string;
    if (intent === 'settings') {
      const saved = await adminSaveReviewSettings({ holdForApproval: form.get('holdForApproval') === 'on' });
      message = saved.holdForApproval ? 'New reviews now wait for your approval' : 'New reviews now appear on the shop at once';
    } else if (intent === 'delete') {
      await adminDeleteReview(String(form.get('product') ?? ''), id);
      message = DONE.delete;
    } else if (intent === 'hide' || intent === 'publish') {
      await adminModerateReview(id, { status: intent === 'hide' ? ReviewStatus.Hidden : ReviewStatus.Published });
      message = DONE[intent];
    } else {
      return { ok: false, message: 'Unknown action' };
    }
    toast(message);
    return { ok: true, message };
  } catch (caught) {
    const message = errorMessage(caught);
    toast(message, 'error');
    return { ok: false, message };
  }
}
