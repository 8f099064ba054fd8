import { adminGetDeadLetters, adminGetNotifications } from '@shop/api-client';
import { MailStatus } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

export const MAIL_LOG_PAGE_SIZE = 20;
/** Order events not handled, shown above the mails. */
const DEAD_LETTERS_SHOWN = 20;
const STATUSES = Object.values(MailStatus);

export function readMailStatus(value: string | null): MailStatus | undefined {
  return STATUSES.find((s) => s === value);
}

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The mail log: the status filter and page come from the URL; the mails and the events not handled arrive on their own. */
export function mailLogLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  const params = new URL(request.url).searchParams;
  const status = readMailStatus(params.get('status'));
  const page = readPage(params.get('page'));
  const { signal } = request;
  return {
    status,
    mails: adminGetNotifications({ page, pageSize: MAIL_LOG_PAGE_SIZE, status, signal }),
    // A failed read of these shows nothing (null): the mails are the page's subject and say their own errors.
    deadLetters: adminGetDeadLetters({ pageSize: DEAD_LETTERS_SHOWN, signal }).catch(() => null),
  };
}
