import { adminCreateDiscountCode, adminUpdateDiscountCode, errorMessage } from '@shop/api-client';
import { type DiscountCodeDetail, SHOP_TIME_ZONE } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import type { DiscountCodeInput } from '@shop/rules';
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router-dom';
import { toast } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { DiscountForm } from '../../features/discounts/components/discount-form';
import { codeStatus } from './discounts';
import type { discountCodeLoader } from './discounts-loaders';
import { TableHead } from '../../components/ui/table-head';

const ORDER_TIME = new Intl.DateTimeFormat('en-TT', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

export function DiscountAddRoute() {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function create(input: DiscountCodeInput) {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await adminCreateDiscountCode(input);
      toast(`Discount code ${saved.code} created`);
      void navigate(paths.discount(saved._id));
    } catch (caught) {
      setProblem(errorMessage(caught));
      setSaving(false);
    }
  }

  return (
    <>
      <title>New Discount Code | Island Glow Admin</title>
      <p>
        <Link to={paths.discounts}>Back to Discount Codes</Link>
      </p>
      <h1 className="page-title">New Discount Code</h1>
      <DiscountForm code={null} submitLabel="Create Code" saving={saving} problem={problem} onSubmit={(input) => void create(input)} />
    </>
  );
}

function Uses({ code }: { code: DiscountCodeDetail }) {
  return (
    <section className="card" aria-labelledby="uses-title" style={{ marginTop: '1.5rem' }}>
      <h2 id="uses-title">Uses</h2>
      <p>
        {code.used} held by orders{code.totalUses !== null ? `, ${Math.max(0, code.totalUses - code.used)} of ${code.totalUses} left` : ''}. A use comes back
        when its order expires, fails or is cancelled.
      </p>
      {code.redemptions.length === 0 ? (
        <p>No order has used this code yet.</p>
      ) : (
        <div className="discount-table-scroll" role="group" aria-labelledby="uses-title" tabIndex={0}>
          <table className="discount-table">
            <TableHead columns={['Order', 'Email', { label: 'Saving', className: 'discount-table__number' }, 'When', 'Use']} />
            <tbody>
              {code.redemptions.map((r) => (
                <tr key={r.orderId}>
                  <th scope="row">{r.orderNumber ? <Link to={paths.order(r.orderId, false)}>{r.orderNumber}</Link> : 'Deleted order'}</th>
                  <td>{r.email}</td>
                  <td className="discount-table__number">{formatTTD(r.amount)}</td>
                  <td>{ORDER_TIME.format(new Date(r.at))}</td>
                  <td>{r.status === 'held' ? 'Held' : `Given back ${ORDER_TIME.format(new Date(r.releasedAt ?? r.at))}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One code: its form, and the orders that used it. */
export function DiscountEditRoute() {
  const { code } = useLoaderData<typeof discountCodeLoader>();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  async function update(input: DiscountCodeInput) {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await adminUpdateDiscountCode(code._id, input);
      toast(`Discount code ${saved.code} saved`);
      await revalidator.revalidate();
      setVersion((n) => n + 1);
    } catch (caught) {
      setProblem(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  const status = codeStatus(code);
  return (
    <>
      <title>{`${code.code} | Island Glow Admin`}</title>
      <p>
        <Link to={paths.discounts}>Back to Discount Codes</Link>
      </p>
      <h1 className="page-title">Discount Code {code.code}</h1>
      <p className={`discount-status ${status.live ? 'discount-status--live' : 'discount-status--off'}`}>{status.text}</p>
      <DiscountForm key={version} code={code} submitLabel="Save Code" saving={saving} problem={problem} onSubmit={(input) => void update(input)} />
      <Uses code={code} />
    </>
  );
}
