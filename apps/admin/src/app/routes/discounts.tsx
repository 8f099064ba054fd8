import type { DiscountCode } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { useId } from 'react';
import { Form, Link, useFetcher, useLoaderData } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { shopDate } from '../../features/discounts/components/discount-form';
import type { discountCodesLoader } from './discounts-loaders';
import '../../features/discounts/components/discounts.css';
import { TableHead } from '../../components/ui/table-head';
import { type Choice, SelectField } from '../../components/ui/select-field';
import { Field } from '../../components/ui/field';
import { SearchInput } from '../../components/ui/input';
import { Deferred } from '../../components/ui/deferred';

const SHOW_CHOICES: Choice[] = [
  ['current', 'Current codes'],
  ['archived', 'Archived codes'],
];

export function discountText(code: Pick<DiscountCode, 'kind' | 'value' | 'appliesToDelivery' | 'minOrder'>): string {
  const off = code.kind === 'percent' ? `${code.value}% off` : `${formatTTD(code.value)} off`;
  const extra = [code.appliesToDelivery ? 'delivery included' : null, code.minOrder > 0 ? `orders from ${formatTTD(code.minOrder)}` : null].filter(Boolean);
  return extra.length > 0 ? `${off} (${extra.join(', ')})` : off;
}

export function codeStatus(code: DiscountCode, now = Date.now()): { text: string; live: boolean } {
  if (code.archived) return { text: `Archived${code.archivedAt ? ` ${shopDate(code.archivedAt)}` : ''}`, live: false };
  if (!code.active) return { text: 'Off', live: false };
  if (code.startsAt && Date.parse(code.startsAt) > now) return { text: `Starts ${shopDate(code.startsAt)}`, live: false };
  if (code.endsAt && Date.parse(code.endsAt) <= now) return { text: 'Ended', live: false };
  if (code.totalUses !== null && code.used >= code.totalUses) return { text: 'Used up', live: false };
  return { text: code.onBanner ? 'Live, on the banner' : 'Live', live: true };
}

/** Archive (or restore) as a one-button form posted to the screen's action. */
function ArchiveButton({ code }: { code: DiscountCode }) {
  const fetcher = useFetcher({ key: `archive-${code._id}` });
  const intent = code.archived ? 'restore' : 'archive';
  // `?index`: the list is the discounts route's index, and a form posts to the index route only when it says so.
  return (
    <fetcher.Form method="post" action={`${paths.discounts}?index`}>
      <input type="hidden" name="id" value={code._id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button button--secondary discount-table__action"
        disabled={fetcher.state !== 'idle'}
        aria-label={`${code.archived ? 'Restore' : 'Archive'} ${code.code}`}
      >
        {code.archived ? 'Restore' : 'Archive'}
      </button>
    </fetcher.Form>
  );
}

function CodesTable({ codes, empty }: { codes: DiscountCode[]; empty: string }) {
  if (codes.length === 0) return <p>{empty}</p>;
  return (
    <div className="discount-table-scroll card" role="group" aria-label="Discount codes" tabIndex={0}>
      <table className="discount-table">
        <TableHead columns={['Code', 'Discount', { label: 'Uses', className: 'discount-table__number' }, 'Dates', 'Status', { label: 'Action', hidden: true }]} />
        <tbody>
          {codes.map((code) => {
            const status = codeStatus(code);
            return (
              <tr key={code._id}>
                <th scope="row">
                  <Link to={paths.discount(code._id)}>{code.code}</Link>
                </th>
                <td>{discountText(code)}</td>
                <td className="discount-table__number">
                  {code.used} of {code.totalUses ?? 'no limit'}
                </td>
                <td>
                  {code.startsAt || code.endsAt ? `${shopDate(code.startsAt) || 'now'} to ${shopDate(code.endsAt) || 'no end'}` : 'Always'}
                </td>
                <td className={`discount-status ${status.live ? 'discount-status--live' : 'discount-status--off'}`}>{status.text}</td>
                <td>
                  <ArchiveButton code={code} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Discount codes: each code with its terms, its uses and whether it works now; a code opens its form and its orders.
 * The current codes by default, the archived ones behind a filter, both searchable by code (issue 26): a plain GET
 * form, so the filter and the search are in the URL.
 */
export function DiscountCodesRoute() {
  const id = useId();
  const { codes, archived, q } = useLoaderData<typeof discountCodesLoader>();
  const empty = q ? `No ${archived ? 'archived ' : ''}code contains ${q.toUpperCase()}.` : archived ? 'No archived codes.' : 'No discount codes yet.';
  return (
    <>
      <title>Discount Codes | Island Glow Admin</title>
      <div className="page-head">
        <h1 className="page-title">Discount Codes</h1>
        <Link className="button" to={paths.discountAdd}>
          New Discount Code
        </Link>
      </div>
      <Form method="get" className="discount-filter" role="search" aria-label="Find discount codes">
        <Field id={`${id}-q`} className="field discount-filter__field" label="Code">
          <SearchInput id={`${id}-q`} name="q" defaultValue={q} key={q} maxLength={30} placeholder="e.g. CARNIVAL" />
        </Field>
        <SelectField
          id={`${id}-status`}
          className="field discount-filter__field"
          label="Show"
          name="status"
          defaultValue={archived ? 'archived' : 'current'}
          key={String(archived)}
          choices={SHOW_CHOICES}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </Form>
      <Deferred key={`${archived}:${q}`} resolve={codes} placeholder={<Spinner />}>
        {(list) => <CodesTable codes={list} empty={empty} />}
      </Deferred>
    </>
  );
}
