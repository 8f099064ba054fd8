// Placeholder until the screen is built (issue 7).
export function MediaRoute() {
  return <h1 className="page-title">Media</h1>;
}
