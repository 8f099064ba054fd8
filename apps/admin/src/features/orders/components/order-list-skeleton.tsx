import './order-list.css';

/** Cards of bars shaped like the order cards, so the page does not jump when the orders arrive. */
export function OrderListSkeleton({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading orders…
      </p>
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
                <span className="order-card__bar" style={{ width: '5rem' }} />
                <br />
                <span className="order-card__bar" style={{ width: '80%' }} />
              </p>
              <dl className="order-card__facts">
                {['Total Price', 'No. Items', 'Delivery Status'].map((label) => (
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
    </div>
  );
}
