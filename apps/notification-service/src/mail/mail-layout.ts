/** The pieces every mail is made of: the shop's frame, paragraphs, a button, and safe text. Imported by each template. */

/** A mail ready to send: one subject, a plain-text part and an HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateContext {
  /** The shop's public address, without a trailing slash. */
  storefrontUrl: string;
  /** The admin app's address: the owner's mails link to the order there. */
  adminUrl: string;
  /**
   * The key (`?k=`) of an order's signed tracking link (issue 29: any browser, ORDER_LINK_DAYS from the mail's
   * creation); unset, the link is the plain one, which shows the whole order only to the browser that placed it.
   */
  orderLinkKey?: (orderId: string) => string;
}

export const SHOP = 'Island Glow';
// The storefront's palette (apps/storefront/src/styles/global.css).
export const COLOR = { bg: '#fff6ec', surface: '#ffffff', text: '#2d1b12', muted: '#6b5143', primary: '#c2384f', sea: '#0b6466', border: '#f1dcc8' };
const FONT_BODY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const FONT_DISPLAY = "'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif";

export function paragraph(text: string): string {
  return `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(text)}</p>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;border-radius:14px;background:${COLOR.primary};color:#ffffff;text-decoration:none;font-weight:700">${escapeHtml(label)}</a></p>
    <p style="margin:0 0 12px;font-size:13px;color:${COLOR.muted}">Or open ${escapeHtml(href)}</p>`;
}

export function layout(heading: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:${COLOR.bg};color:${COLOR.text};font-family:${FONT_BODY}">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOR.bg}"><tr><td align="center" style="padding:24px 12px">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${COLOR.surface};border:1px solid ${COLOR.border};border-radius:14px">
      <tr><td style="padding:20px 24px;border-bottom:1px solid ${COLOR.border};font-family:${FONT_DISPLAY};font-size:22px;color:${COLOR.primary}">${SHOP}</td></tr>
      <tr><td style="padding:24px">
        <h1 style="margin:0 0 16px;font-family:${FONT_DISPLAY};font-size:22px;color:${COLOR.sea}">${escapeHtml(heading)}</h1>
        ${body}
      </td></tr>
      <tr><td style="padding:16px 24px;border-top:1px solid ${COLOR.border};font-size:12px;color:${COLOR.muted}">${SHOP}, hair and beauty, Trinidad and Tobago. Prices in Trinidad and Tobago dollars (TT$).</td></tr>
    </table>
  </td></tr></table>
</body></html>`;
}

/** Names go into subjects and single lines: never a line break, whatever the caller checked. */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** A page under one of the shop's addresses (the storefront's or the admin's), whether or not the address ends in '/'. */
export function pageUnder(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}
