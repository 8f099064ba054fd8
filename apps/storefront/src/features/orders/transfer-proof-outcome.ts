/**
 * Issue 29: where the shopper's proof of transfer is posted without scripts (the storefront's server answers it) and
 * what it answers: back to the page it came from, `?proof=sent` when the shop took the file.
 */

/** The address the page's plain form posts to: the page's own path plus `/proof`, with the mail link's key if any. */
export function transferProofAction(pagePath: string, link?: string): string {
  return `${pagePath}/proof${link ? `?k=${encodeURIComponent(link)}` : ''}`;
}

/** The query a page is opened with after the shop took a proof. */
export const PROOF_SENT_PARAM = 'proof';
export const PROOF_SENT_VALUE = 'sent';

/** The page a proof was posted from (`/checkoutTransfer/{id}/proof`, `/tracking/{id}/proof`), or null for any other path. */
export function pageOfProofPost(path: string): { page: string; orderId: string } | null {
  const match = /^\/(checkoutTransfer|tracking)\/([^/]+)\/proof$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  return { page: `/${match[1]}/${match[2]}`, orderId: decodeURIComponent(match[2]) };
}

/** Whether the page was opened after the shop took a proof. */
export function proofWasSent(url: URL | string): boolean {
  return new URL(url, 'http://localhost').searchParams.get(PROOF_SENT_PARAM) === PROOF_SENT_VALUE;
}
