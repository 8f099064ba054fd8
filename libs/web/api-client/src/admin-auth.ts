// The names are @shop/contracts' CSRF_COOKIE and CSRF_HEADER (admin-auth.spec.ts keeps them equal). They are
// repeated rather than imported because a value import of the contracts' index brings zod, with every schema,
// into the storefront's first view, which shares this client.
/** The readable cookie the gateway sets at a cookie login (over plain-http local development). */
export const CSRF_COOKIE_NAME = 'shop_csrf';
/** Its name over https, where the browser holds it to this host alone (`__Host-`). */
export const HOST_CSRF_COOKIE_NAME = `__Host-${CSRF_COOKIE_NAME}`;
/** The header that must repeat it on state-changing calls. */
export const CSRF_HEADER_NAME = 'X-CSRF-Token';

/** The value of a cookie this page may read, or undefined (also outside a browser). */
function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The CSRF header of the admin's session (double submit): the gateway sets the readable CSRF cookie at a
 * cookie login and refuses a state-changing call made with the session cookie unless this header repeats
 * it. Empty when there is no session (the storefront, or signed out).
 */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie(HOST_CSRF_COOKIE_NAME) ?? readCookie(CSRF_COOKIE_NAME);
  return token ? { [CSRF_HEADER_NAME]: token } : {};
}
