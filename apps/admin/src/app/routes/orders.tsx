// Placeholder until the screen is built (issue 7).
export function OrdersRoute() {
  return <h1 className="page-title">Orders</h1>;
}
