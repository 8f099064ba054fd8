/**
 * What the storefront's SSR server (server/main.ts) and its render module (src/entry-server.tsx, a separate bundle
 * the server loads at run time) hand each other. Types only, so both sides are checked against the one contract.
 */

/**
 * A form the server was posted and could not take (the values typed and what was wrong), or a card order it placed:
 * the page comes back with it.
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

/** What a page is drawn with besides its URL: the visitor's id (from the server's cookie) and a form posted to it. */
export interface RenderContext {
  visitorId?: string;
  submission?: FormSubmission;
  /** The grant a "Find my orders" code gave this browser (its HttpOnly cookie), passed on to the gateway (issue 29). */
  orderAccess?: string;
}

export interface RenderOptions {
  /** Base of the gateway's API as seen from this server, e.g. http://127.0.0.1:3000/api. */
  apiUrl: string;
  /** Public origin of the shop (canonical and Open Graph URLs), e.g. https://shop.example. */
  origin: string;
  context?: RenderContext;
}

export type RenderResult =
  /** A screen drawn in the browser only (cart, results, unknown URLs): send the shell. */
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup of #root. */
      html: string;
      /** Title, and the description, canonical, Open Graph, Twitter and JSON-LD tags for `<head>`. */
      head: { title: string; tags: string };
      /** The `<script type="application/json">` with the route data the browser hydrates from (empty: not hydrated). */
      dataScript: string;
      /** A page for one shopper (a form they posted, their checkout): never kept by a shared cache. */
      personal?: boolean;
    };

/** The render module's one export. */
export interface RenderModule {
  render(request: Request, options: RenderOptions): Promise<RenderResult>;
}
