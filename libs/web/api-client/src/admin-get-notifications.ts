import type { MailStatus, NotificationPage } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetNotificationsOptions {
  signal?: AbortSignal;
  /** From 1; the server defaults to 1. */
  page?: number;
  /** 1 to 100; the server defaults to 20. */
  pageSize?: number;
  /** Only the mails in this state; all when left out. */
  status?: MailStatus;
}

/** The logged mails, newest first (`GET /api/notifications?page=&pageSize=&status=`, admin). */
export function adminGetNotifications(options: AdminGetNotificationsOptions = {}): Promise<NotificationPage> {
  const searchParams: Record<string, string> = {};
  if (options.page) searchParams.page = String(options.page);
  if (options.pageSize) searchParams.pageSize = String(options.pageSize);
  if (options.status) searchParams.status = options.status;
  return getJson<NotificationPage>('notifications', { signal: options.signal, searchParams });
}
