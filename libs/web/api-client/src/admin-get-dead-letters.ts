import type { EventDeadLetterPage } from '@shop/contracts';
import { getJson } from './api-client';

/** Order events the notification service gave up on, newest first (`GET /api/notifications/dead-letters`, admin). */
export function adminGetDeadLetters(options: { signal?: AbortSignal; page?: number; pageSize?: number } = {}): Promise<EventDeadLetterPage> {
  const searchParams: Record<string, string> = {};
  if (options.page) searchParams.page = String(options.page);
  if (options.pageSize) searchParams.pageSize = String(options.pageSize);
  return getJson<EventDeadLetterPage>('notifications/dead-letters', { signal: options.signal, searchParams });
}
