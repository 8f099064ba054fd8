/** The bearer header every admin call sends. */
export function adminHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
