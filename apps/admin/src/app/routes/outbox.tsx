// Placeholder until the screen is built (issue 7).
export function OutboxRoute() {
  return <h1 className="page-title">Outbox</h1>;
}
