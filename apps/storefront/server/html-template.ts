/** What the render module (src/entry-server.tsx, a separate bundle) answers; kept in step by hand. */
export type RenderResult =
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      html: string;
      head: { title: string; tags: string };
      dataScript: string;
      screenModule: string;
    };

export interface RenderModule {
  render(request: Request, options: { apiUrl: string; origin: string }): Promise<RenderResult>;
}

/** Vite's build manifest: per source module, its chunk and the chunks it imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

export const ROOT_START = '<!--ssr-root-start-->';
export const ROOT_END = '<!--ssr-root-end-->';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The shell (index.html) as sent for a client-rendered screen: the markers removed, nothing else changed. */
export function shellHtml(template: string): string {
  return template.replace(ROOT_START, '').replace(ROOT_END, '');
}

/** The chunks a screen needs beyond the entry, to preload beside it (in dependency order, each once). */
export function screenChunks(manifest: ViteManifest, screenModule: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  visit(screenModule);
  return files;
}

/** index.html with a rendered page: its head tags, its markup in #root, its data, and its screen's chunks preloaded. */
export function pageHtml(template: string, page: Extract<RenderResult, { kind: 'page' }>, preload: string[]): string {
  const start = template.indexOf(ROOT_START);
  const end = template.indexOf(ROOT_END);
  if (start < 0 || end < start) throw new Error('index.html has no SSR root markers');
  const body = `<div id="root">${page.html}</div>\n    ${page.dataScript}`;
  const withBody = template.slice(0, start) + body + template.slice(end + ROOT_END.length);
  const preloads = preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join('\n    ');
  return withBody
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => page.head.tags)
    .replace('</head>', () => `${preloads ? `  ${preloads}\n  ` : ''}</head>`);
}
