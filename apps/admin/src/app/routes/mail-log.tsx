import { MailStatus } from '@shop/contracts';
import { Suspense, useId } from 'react';
import { Await, useLoaderData, useRevalidator, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { DeadLettersPanel } from '../../features/mail-log/components/dead-letters-panel';
import { STATUS_LABELS } from '../../features/mail-log/components/mail-labels';
import { MailLogPager } from '../../features/mail-log/components/mail-log-pager';
import { MailLogTable } from '../../features/mail-log/components/mail-log-table';
import { identityKey } from '../../lib/identity-key';
import type { mailLogLoader } from './mail-log-loader';
import { type Choice, SelectField } from '../../components/ui/select-field';
import { Deferred } from '../../components/ui/deferred';
import './mail-log.css';

const STATUS_CHOICES: Choice[] = [['', 'All mails'], ...Object.values(MailStatus).map((s): Choice => [s, STATUS_LABELS[s]])];

/** The owner's mail log (issue 26 renamed the Outbox): every mail the shop sent or tried to send, filtered by status, paged, failed ones retried. */
export function MailLogRoute() {
  const id = useId();
  const { status, mails, deadLetters } = useLoaderData<typeof mailLogLoader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();

  const hrefOf = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    return `?${next.toString()}`;
  };

  const filterName = status ? STATUS_LABELS[status].toLowerCase() : '';
  return (
    <>
      <title>Mail log | Island Glow Admin</title>
      <h1 className="page-title">Mail log</h1>
      <p className="mail-log-intro">Every mail the shop sent or tried to send, newest first.</p>
      <div className="mail-log-tools">
        <SelectField
          id={`${id}-status`}
          className="field mail-log-tools__filter"
          label="Status"
          value={status ?? ''}
          choices={STATUS_CHOICES}
          onValue={(value) => {
            const next = new URLSearchParams(params);
            if (value) next.set('status', value);
            else next.delete('status');
            next.delete('page');
            setParams(next);
          }}
        />
        <button type="button" className="button button--secondary" onClick={() => void revalidator.revalidate()}>
          Refresh
        </button>
      </div>
      <Suspense fallback={null}>
        <Await resolve={deadLetters}>
          {(page) => <DeadLettersPanel page={page} />}
        </Await>
      </Suspense>
      {/* Each load (a filter, a page, Refresh) shows the placeholder: a new filter never shows the last list under its name. */}
      <Deferred key={identityKey(mails)} resolve={mails} placeholder={<Spinner label="Loading the mails…" />}>
        {(page) =>
          page.notifications.length === 0 ? (
            <p className="card">{status ? `No ${filterName} mails.` : 'No mails yet.'}</p>
          ) : (
            <>
              <p className="mail-log-count" role="status">
                {page.total} {filterName} {page.total === 1 ? 'mail' : 'mails'}
              </p>
              <MailLogTable
                mails={page.notifications}
                caption={`${status ? `${STATUS_LABELS[status]} mails` : 'Mails'}, page ${page.page} of ${page.pages}`}
              />
              <MailLogPager page={page.page} pages={page.pages} hrefOf={hrefOf} />
            </>
          )
        }
      </Deferred>
    </>
  );
}
