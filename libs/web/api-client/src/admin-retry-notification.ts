import type { Notification } from '@shop/contracts';
import { sendJson } from './api-client';

/** Queues a failed mail again (`POST /api/notifications/{id}/retry`, admin); answers the mail as queued. */
export function adminRetryNotification(id: string): Promise<Notification> {
  return sendJson<Notification>('post', `notifications/${encodeURIComponent(id)}/retry`);
}
