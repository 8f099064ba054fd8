import type { Order, OrderQuote } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import './order-summary-table.css';

export interface SummaryLine {
  product: string;
  /** The variant (issue 28); absent for a product's only one. */
  variant?: string;
  /** The name as sold: "Mango Body Butter - 16 oz" for a variant. */
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
  /** The delivery area (name and estimated days) the delivery row is for. */
  deliveryArea?: { name: string; estimatedDays: string } | null;
  /** A discount code's saving, shown as its own row above the delivery. */
  discount?: { code: string; amount: number } | null;
}

const cents = (amount: number) => Math.round(amount * 100);

/** Name, cost, quantity and line cost per item, then the delivery row and the total. */
export function OrderSummaryTable({ lines, deliveryCost, total, caption = 'Order summary', deliveryArea = null, discount = null }: OrderSummaryTableProps) {
  const computed = (lines.reduce((sum, line) => sum + cents(line.price) * line.qty, 0) - cents(discount?.amount ?? 0) + cents(deliveryCost)) / 100;
  return (
    // Focusable and named: an unusually long word or amount can still make it scroll sideways on a small phone,
    // and a keyboard user must be able to scroll it too. On a phone the Cost and Quantity columns fold into the
    // name's cell ("TT$45.00 × 2"), so the name has the room to wrap between words; CSS swaps the two layouts
    // (a hidden cell leaves the table's grid, so each layout's rows line up and is read as laid out).
    <div className="order-summary" role="region" aria-label={caption} tabIndex={0}>
      <table className="order-summary__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="order-summary__wide">
              Cost
            </th>
            <th scope="col" className="order-summary__wide">
              Quantity
            </th>
            <th scope="col">Line Cost</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.product}/${line.variant ?? line.product}`}>
              <th scope="row">
                <span className="order-summary__name">{line.name}</span>
                <span className="order-summary__narrow order-summary__each">
                  {formatTTD(line.price)} × {line.qty}
                </span>
              </th>
              <td className="order-summary__wide">{formatTTD(line.price)}</td>
              <td className="order-summary__wide">{line.qty}</td>
              <td>{formatTTD((cents(line.price) * line.qty) / 100)}</td>
            </tr>
          ))}
          {discount && (
            <tr className="order-summary__discount">
              <SumLabel>{`Discount (${discount.code})`}</SumLabel>
              <td>−{formatTTD(discount.amount)}</td>
            </tr>
          )}
          <tr>
            <SumLabel>{deliveryArea ? `Delivery: ${deliveryArea.name} (${deliveryArea.estimatedDays})` : 'Delivery'}</SumLabel>
            <td>{formatTTD(deliveryCost)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <SumLabel>Total</SumLabel>
            <td>
              <strong>{formatTTD(total ?? computed)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A placed order's lines with the delivery area, discount and total the server stored for it. */
export function PlacedOrderSummary({ order, caption }: { order: Order; caption: string }) {
  return (
    <OrderSummaryTable
      lines={order.orderItems}
      deliveryCost={order.deliveryCost}
      deliveryArea={order.deliveryArea}
      discount={order.discount}
      total={order.totalPrice}
      caption={caption}
    />
  );
}

/** The quote's lines the shop can sell (no problem, a current name and price). */
export function sellableLines(quote: OrderQuote | null) {
  return quote?.lines.filter((line) => !line.problem && line.price !== null && line.name !== null) ?? [];
}

/** The server's quote as the order summary: only lines that can be sold, its delivery cost and its total. */
export function QuoteSummary({ quote }: { quote: OrderQuote }) {
  return (
    <OrderSummaryTable
      lines={sellableLines(quote).map((line) => ({ product: line.product, variant: line.variant, name: line.name ?? '', price: line.price ?? 0, qty: line.qty }))}
      deliveryCost={quote.deliveryCost}
      deliveryArea={quote.deliveryArea}
      discount={quote.discount}
      total={quote.totalPrice}
      caption="Your order"
    />
  );
}

/** A sum row's label: over three columns on a wide screen, over the one name column on a phone. */
function SumLabel({ children }: { children: string }) {
  return (
    <>
      <th scope="row" colSpan={3} className="order-summary__wide">
        {children}
      </th>
      <th scope="row" className="order-summary__narrow">
        {children}
      </th>
    </>
  );
}
