import type { Order } from '@shop/contracts';
import { formatTTD, fromCents, toCents } from '@shop/money';
import { env } from '../../../config/env';

/** 'Order Details': each line with a link to its page in the shop, then the delivery cost and total the server stored. */
export function OrderItemsTable({ order }: { order: Order }) {
  return (
    <section className="order-section card" aria-labelledby="order-details">
      <h2 className="order-section__title" id="order-details">
        Order Details
      </h2>
      <div className="order-table-scroll" role="group" aria-labelledby="order-details" tabIndex={0}>
        <table className="order-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Product Link</th>
              <th scope="col" className="order-table__number">
                Quantity
              </th>
              <th scope="col" className="order-table__number">
                Price
              </th>
              <th scope="col" className="order-table__number">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.orderItems.map((item) => (
              <tr key={item.product}>
                <td className="order-table__name">{item.name}</td>
                <td data-label="Product Link">
                  <a href={`${env.storefrontUrl}/product/${encodeURIComponent(item.product)}`} target="_blank" rel="noopener noreferrer">
                    View<span className="visually-hidden"> {item.name} in the shop (opens in a new tab)</span>
                  </a>
                </td>
                <td className="order-table__number" data-label="Quantity">
                  {item.qty}
                </td>
                <td className="order-table__number" data-label="Price">
                  {formatTTD(item.price)}
                </td>
                <td className="order-table__number" data-label="Total">
                  {formatTTD(fromCents(toCents(item.price) * item.qty))}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.discount && (
              <tr>
                <th scope="row" colSpan={4}>
                  Discount ({order.discount.code})
                </th>
                <td className="order-table__number">−{formatTTD(order.discount.amount)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={4}>
                {order.deliveryArea ? `Delivery: ${order.deliveryArea.name} (${order.deliveryArea.estimatedDays})` : 'Delivery'}
              </th>
              <td className="order-table__number">{formatTTD(order.deliveryCost)}</td>
            </tr>
            <tr className="order-table__grand">
              <th scope="row" colSpan={4}>
                Grand Total
              </th>
              <td className="order-table__number">{formatTTD(order.totalPrice)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
