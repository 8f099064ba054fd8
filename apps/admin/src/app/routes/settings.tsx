// Placeholder until the screen is built (issue 7).
export function SettingsRoute() {
  return <h1 className="page-title">Site Settings</h1>;
}
