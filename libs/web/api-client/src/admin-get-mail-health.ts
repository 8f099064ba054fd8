import type { MailHealth } from '@shop/contracts';
import { getJson } from './api-client';

/** Whether mail is going out: failed and stuck mails with their causes (`GET /api/notifications/health`, admin). */
export function adminGetMailHealth(options: { signal?: AbortSignal } = {}): Promise<MailHealth> {
  return getJson<MailHealth>('notifications/health', { signal: options.signal });
}
