import './products-table.css';

const PLACEHOLDER_ROWS = 8;

/** Rows of bars where the products will be, so the page does not jump when they arrive. */
export function ProductsTableSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading products…
      </p>
      <div className="table-scroll" aria-hidden="true">
        <table className="products-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th className="products-table__number">Price</th>
              <th className="products-table__number">Stock</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
              <tr key={index}>
                {[60, 40, 30, 20].map((width, cell) => (
                  <td key={cell}>
                    <span className="placeholder-bar" style={{ width: `${width}%` }} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
