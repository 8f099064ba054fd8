import './order-list.css';

/** Bars shaped like the orders (cards on a phone, table rows on a desktop), so the page does not jump when they arrive. */
export function OrderListSkeleton({ count, table = false }: { count: number; table?: boolean }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading orders…
      </p>
      {table ? (
        <table className="order-grid order-grid--loading" aria-hidden="true">
          <tbody>
            {Array.from({ length: count }, (_, index) => (
              <tr key={index} className="order-grid__row order-card--loading">
                {['4.5rem', '8rem', '9rem', '7rem', '5rem', '4rem', '5rem'].map((width, cell) => (
                  <td key={cell}>
                    <span className="order-card__bar" style={{ width }} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="order-list" aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <li key={index}>
              <div className="order-card order-card--loading">
                <p className="order-card__name">
                  <span className="order-card__bar" style={{ width: '55%' }} />
                </p>
                <p className="order-card__state">
                  <span className="order-card__bar" style={{ width: '4.5rem' }} />
                </p>
                <p className="order-card__id">
                  <span className="order-card__bar" style={{ width: '12rem' }} />
                </p>
                <dl className="order-card__facts">
                  {['Total', 'Payment', 'Area', 'No. Items'].map((label) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>
                        <span className="order-card__bar" style={{ width: '4rem' }} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
