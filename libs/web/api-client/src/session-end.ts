import type { AfterResponseHook } from 'ky';

/** Marks a call whose 401 is an answer (a sign-in refused), not a session that ended: `context: SIGN_IN_CONTEXT`. */
export const SIGN_IN_CONTEXT: Readonly<Record<string, unknown>> = { signIn: true };

let installed: (() => void) | undefined;

/**
 * The admin's one 401 handler, as the hook it installs: `configureApiClient({ afterResponse: [onUnauthorized(leave)] })`.
 * Every admin call is made in the owner's session, so a 401 (it ended, expired or was never there) runs the
 * handler once, except a sign-in's own refusal (a wrong password), which the login form says. The call then never
 * settles, so no screen flashes an error while the page goes to the login. The upload, made outside ky to report
 * its progress, runs the same handler (`runUnauthorizedHandler`).
 */
export function onUnauthorized(handler: () => void): AfterResponseHook {
  installed = handler;
  return (_request, options, response) => {
    if (response.status !== 401 || options.context.signIn === true) return undefined;
    handler();
    return new Promise<Response>(() => undefined);
  };
}

/** Runs the installed 401 handler for a call made outside ky; false when none is installed (the storefront). */
export function runUnauthorizedHandler(): boolean {
  if (!installed) return false;
  installed();
  return true;
}
