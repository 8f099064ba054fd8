import type { RenderContext } from './render-contract';

/**
 * What the storefront's server hands the loaders when it renders a page (react-router's request context): the
 * visitor's id from its cookie, and a form it was posted and could not take (the values typed and what was
 * wrong), so the page comes back with them. The browser's router passes none.
 */
export interface ServerRenderContext extends RenderContext {
  server: true;
}

/** The server's render context, or undefined in the browser. */
export function serverContextOf(context: unknown): ServerRenderContext | undefined {
  return typeof context === 'object' && context !== null && (context as { server?: unknown }).server === true ? (context as ServerRenderContext) : undefined;
}
