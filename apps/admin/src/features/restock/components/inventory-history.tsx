import { SHOP_TIME_ZONE, type StockMovement } from '@shop/contracts';
import { TableHead } from '../../../components/ui/table-head';

const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/**
 * A product's stock changes made by hand (issue 26), newest first: when, which variant (a product with options,
 * issue 28), how many, the stock after, why, who.
 */
export function InventoryHistory({ movements }: { movements: StockMovement[] }) {
  if (movements.length === 0) return <p>No stock added by hand yet. Additions made on the Restock screen show here.</p>;
  const byVariant = movements.some((m) => m.variantLabel);
  return (
    <table className="inventory-history">
      <caption className="visually-hidden">Stock changes, newest first</caption>
      <TableHead columns={['When', ...(byVariant ? ['Variant'] : []), 'Change', 'Stock after', 'Why', 'Who']} />
      <tbody>
        {movements.map((m) => (
          <tr key={m._id}>
            <td data-label="When">{time.format(new Date(m.createdAt))}</td>
            {byVariant ? <td data-label="Variant">{m.variantLabel ?? '—'}</td> : null}
            <td data-label="Change" className="inventory-history__change">
              {m.change > 0 ? `+${m.change}` : m.change}
            </td>
            <td data-label="Stock after">{m.countAfter}</td>
            <td data-label="Why">{m.reason ?? '—'}</td>
            <td data-label="Who">{m.actor}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
