/**
 * What the storefront's server hands the loaders when it renders a page (react-router's request context): the
 * visitor's id from its cookie, and a form it was posted and could not take (the values typed and what was
 * wrong), so the page comes back with them. The browser's router passes none.
 */
export interface FormSubmission {
  values: Record<string, string>;
  /** A message per field name. */
  errors: Record<string, string>;
  /** A message for the whole form (the server refused it, or could not be reached). */
  message?: string;
  /** A card order placed: its number and the payment provider's page, which the shopper opens by a link. */
  payment?: { orderNumber: string; url: string };
}

export interface ServerRenderContext {
  server: true;
  visitorId?: string;
  submission?: FormSubmission;
}

/** The server's render context, or undefined in the browser. */
export function serverContextOf(context: unknown): ServerRenderContext | undefined {
  return typeof context === 'object' && context !== null && (context as { server?: unknown }).server === true ? (context as ServerRenderContext) : undefined;
}
