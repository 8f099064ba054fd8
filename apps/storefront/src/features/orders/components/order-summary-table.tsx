import { formatTTD } from '@shop/money';
import './order-summary-table.css';

export interface SummaryLine {
  product: string;
  name: string;
  price: number;
  qty: number;
}

interface OrderSummaryTableProps {
  lines: SummaryLine[];
  deliveryCost: number;
  /** The total to show; computed from the lines when not given (the server's total wins once there is an order). */
  total?: number;
  caption?: string;
}

const cents = (amount: number) => Math.round(amount * 100);

/** Name, cost, quantity and line cost per item, then the delivery row and the total. */
export function OrderSummaryTable({ lines, deliveryCost, total, caption = 'Order summary' }: OrderSummaryTableProps) {
  const computed = (lines.reduce((sum, line) => sum + cents(line.price) * line.qty, 0) + cents(deliveryCost)) / 100;
  return (
    // Focusable and named: a long product name or amount can still make it scroll sideways on a small phone,
    // and a keyboard user must be able to scroll it too.
    <div className="order-summary" role="region" aria-label={caption} tabIndex={0}>
      <table className="order-summary__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Cost</th>
            <th scope="col">Quantity</th>
            <th scope="col">Line Cost</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.product}>
              <th scope="row">{line.name}</th>
              <td>{formatTTD(line.price)}</td>
              <td>{line.qty}</td>
              <td>{formatTTD((cents(line.price) * line.qty) / 100)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={3}>
              Delivery
            </th>
            <td>{formatTTD(deliveryCost)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td>
              <strong>{formatTTD(total ?? computed)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
