// Placeholder until the screen is built (issue 7).
export function OrderDetailRoute() {
  return <h1 className="page-title">Order</h1>;
}
