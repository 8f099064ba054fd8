/**
 * The test-shop banner of a staging shop (issue 24): the payment service runs the sandbox under NODE_ENV=production
 * (PAYMENT_SANDBOX_IN_PRODUCTION=true), so no card payment is real, and every page says so. The SSR server asks the
 * gateway (`GET /api/payments/mode`, answered by the payment service) and writes the banner into every page it
 * sends, the rendered ones and the shell: it is in the HTML, with or without scripts, and outside #root, where
 * React never touches it (no hydration mismatch, and it stays while the shopper moves between screens).
 */

/**
 * The banner itself. Styled by attributes (the page's CSP allows style attributes, and only its one hashed sheet):
 * dark brown on pale yellow, about 11:1. A labelled region, so it is a landmark like the rest of the page.
 */
export const TEST_SHOP_BANNER =
  '<div class="test-shop-banner" role="region" aria-label="Test shop" style="background:#fff3bf;color:#3d2c00;border-bottom:2px solid #8a6100;padding:0.5rem 1rem;text-align:center;font:600 0.95rem/1.4 system-ui,sans-serif">' +
  '<strong>Test shop:</strong> card payments here are not real, and no money is taken.' +
  '</div>';

/** A page with the banner as the first thing in its body. */
export function withTestShopBanner(html: string): string {
  const body = /<body[^>]*>/.exec(html);
  if (!body) throw new Error('the page has no <body>');
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}\n    ${TEST_SHOP_BANNER}${html.slice(at)}`;
}

/** Reads the gateway's answer: true only for `{ "testPayments": true }`. */
export type PaymentModeSource = () => Promise<boolean>;

/**
 * The payment mode as the server last learnt it. The fact only changes when the payment service is redeployed, so
 * it is asked again after `maxAgeMs` (a minute), in the background while a known answer is served. Until the first
 * answer arrives (the gateway down at start), pages go out without the banner and the next page asks again.
 */
export class PaymentModeCache {
  private known: boolean | undefined;
  private askedAt = 0;
  private asking: Promise<void> | undefined;

  constructor(
    private readonly source: PaymentModeSource,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** Whether the pages must carry the banner. Waits for the first answer only; later ones refresh behind. */
  async testPayments(): Promise<boolean> {
    if (this.known === undefined || this.now() - this.askedAt >= this.maxAgeMs) {
      const pending = this.refresh();
      if (this.known === undefined) await pending;
    }
    return this.known ?? false;
  }

  private refresh(): Promise<void> {
    this.asking ??= this.source()
      .then(
        (answer) => {
          this.known = answer;
          this.askedAt = this.now();
        },
        (error: unknown) => console.warn(`storefront-ssr: the payment mode could not be read (${String(error)}); asked again on the next page`),
      )
      .finally(() => (this.asking = undefined));
    return this.asking;
  }
}
