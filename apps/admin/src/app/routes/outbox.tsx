import { adminGetNotifications, isAbortError } from '@shop/api-client';
import { MailStatus, type NotificationPage } from '@shop/contracts';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { Spinner } from '../../components/ui/spinner';
import { DeadLettersPanel } from '../../features/outbox/components/dead-letters-panel';
import { STATUS_LABELS } from '../../features/outbox/components/mail-labels';
import { OutboxPager } from '../../features/outbox/components/outbox-pager';
import { OutboxTable } from '../../features/outbox/components/outbox-table';
import { withAdminSession } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import './outbox.css';

const PAGE_SIZE = 20;
const STATUSES = Object.values(MailStatus);

/** A finished load remembers the list it was for, so a new filter never shows the previous list under its name. */
type ListState = { key: string } & ({ status: 'loading' } | { status: 'ready'; page: NotificationPage } | { status: 'failed'; message: string });

function readStatus(value: string | null): MailStatus | undefined {
  return STATUSES.find((s) => s === value);
}

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The owner's outbox: every mail the shop sent or tried to send, filtered by status, paged, failed ones retried. */
export function OutboxRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = readPage(params.get('page'));
  const [reload, setReload] = useState(0);
  const key = `${status ?? ''}|${page}|${reload}`;
  const [loaded, setLoaded] = useState<ListState>({ key: '', status: 'loading' });
  const state: ListState = loaded.key === key ? loaded : { key, status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    withAdminSession(() => adminGetNotifications({ page, pageSize: PAGE_SIZE, status, signal: controller.signal })).then(
      (result) => setLoaded({ key, status: 'ready', page: result }),
      (error: unknown) => {
        if (!isAbortError(error)) setLoaded({ key, status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key, page, status]);

  const hrefOf = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    return `?${next.toString()}`;
  };

  const filterName = status ? STATUS_LABELS[status].toLowerCase() : '';
  return (
    <>
      <title>Outbox | Island Glow Admin</title>
      <h1 className="page-title">Outbox</h1>
      <p className="outbox-intro">Every mail the shop sent or tried to send, newest first.</p>
      <div className="outbox-tools">
        <div className="field outbox-tools__filter">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="field__input"
            value={status ?? ''}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value) next.set('status', e.target.value);
              else next.delete('status');
              next.delete('page');
              setParams(next);
            }}
          >
            <option value="">All mails</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--secondary" onClick={() => setReload((n) => n + 1)}>
          Refresh
        </button>
      </div>
      <DeadLettersPanel reload={reload} />
      {state.status === 'loading' && <Spinner label="Loading the mails…" />}
      {state.status === 'failed' && <ErrorPanel message={state.message} onRetry={() => setReload((n) => n + 1)} />}
      {state.status === 'ready' &&
        (state.page.notifications.length === 0 ? (
          <p className="card">{status ? `No ${filterName} mails.` : 'No mails yet.'}</p>
        ) : (
          <>
            <p className="outbox-count" role="status">
              {state.page.total} {filterName} {state.page.total === 1 ? 'mail' : 'mails'}
            </p>
            <OutboxTable
              mails={state.page.notifications}
              caption={`${status ? `${STATUS_LABELS[status]} mails` : 'Mails'}, page ${state.page.page} of ${state.page.pages}`}
            />
            <OutboxPager page={state.page.page} pages={state.page.pages} hrefOf={hrefOf} />
          </>
        ))}
    </>
  );
}
