import type { RenderResult } from '../src/app/render-contract';

export const ROOT_START = '<!--ssr-root-start-->';
export const ROOT_END = '<!--ssr-root-end-->';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * index.html with its style sheets written into the page instead of linked (for the server-rendered pages): the
 * shop's one sheet is about 6 KB compressed, so the page and its styles come in the first round trip and the first
 * paint waits for no other request. `read` answers a linked file's text (path as in the href).
 */
export function withInlineStyles(template: string, read: (href: string) => string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const css = read(href);
    // Text that would end the element early stays a link (never the case for a built sheet).
    return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

/** The shell (index.html) as sent for a client-rendered screen: the markers removed, nothing else changed. */
export function shellHtml(template: string): string {
  return template.replace(ROOT_START, '').replace(ROOT_END, '');
}

/**
 * index.html with a rendered page: its head tags, its markup in #root and its data. Nothing of the app is
 * preloaded: the page's first view runs only the small entry, and the app is fetched on the first interaction.
 */
export function pageHtml(template: string, page: Extract<RenderResult, { kind: 'page' }>): string {
  const start = template.indexOf(ROOT_START);
  const end = template.indexOf(ROOT_END);
  if (start < 0 || end < start) throw new Error('index.html has no SSR root markers');
  const body = `<div id="root">${page.html}</div>\n    ${page.dataScript}`;
  const withBody = template.slice(0, start) + body + template.slice(end + ROOT_END.length);
  return withBody
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => page.head.tags);
}
