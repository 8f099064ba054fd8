import type { DiscountCode } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { shopDate } from '../../features/promotions/components/discount-form';
import type { discountCodesLoader } from './promotions-loaders';
import '../../features/promotions/components/promotions.css';

export function discountText(code: Pick<DiscountCode, 'kind' | 'value' | 'appliesToDelivery' | 'minOrder'>): string {
  const off = code.kind === 'percent' ? `${code.value}% off` : `${formatTTD(code.value)} off`;
  const extra = [code.appliesToDelivery ? 'delivery included' : null, code.minOrder > 0 ? `orders from ${formatTTD(code.minOrder)}` : null].filter(Boolean);
  return extra.length > 0 ? `${off} (${extra.join(', ')})` : off;
}

export function codeStatus(code: DiscountCode, now = Date.now()): { text: string; live: boolean } {
  if (!code.active) return { text: 'Off', live: false };
  if (code.startsAt && Date.parse(code.startsAt) > now) return { text: `Starts ${shopDate(code.startsAt)}`, live: false };
  if (code.endsAt && Date.parse(code.endsAt) <= now) return { text: 'Ended', live: false };
  if (code.totalUses !== null && code.used >= code.totalUses) return { text: 'Used up', live: false };
  return { text: code.onBanner ? 'Live, on the banner' : 'Live', live: true };
}

function CodesTable({ codes }: { codes: DiscountCode[] }) {
  if (codes.length === 0) return <p>No discount codes yet.</p>;
  return (
    <div className="discount-table-scroll card" role="group" aria-label="Discount codes" tabIndex={0}>
      <table className="discount-table">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col" className="discount-table__number">
              Uses
            </th>
            <th scope="col">Dates</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
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
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Discount codes: each code with its terms, its uses and whether it works now; a code opens its form and its orders. */
export function DiscountCodesRoute() {
  const { codes } = useLoaderData<typeof discountCodesLoader>();
  return (
    <>
      <title>Discount Codes | Island Glow Admin</title>
      <div className="page-head">
        <h1 className="page-title">Discount Codes</h1>
        <Link className="button" to={paths.discountAdd}>
          New Discount Code
        </Link>
      </div>
      <Suspense fallback={<Spinner />}>
        <Await resolve={codes} errorElement={<LoadError placeholder={<Spinner />} />}>
          {(list) => <CodesTable codes={list} />}
        </Await>
      </Suspense>
    </>
  );
}
