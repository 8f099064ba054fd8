import './config/api-client';
import { configureApiClient } from '@shop/api-client';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { createRoutes, loadMatchedScreens, SERVER_DRAWN, SERVER_RENDERED } from './app/routes';
import type { RenderOptions, RenderResult } from './app/render-contract';
import type { ServerRenderContext } from './app/server-context';
import { reviveLoaderData, scriptSafeJson, settleLoaderData, SSR_DATA_ID } from './app/ssr-data';
import { headOfPage, type HeadTags } from './seo/head';

/**
 * The storefront's server-side render (built by Vite as an SSR bundle, loaded by the SSR server in
 * apps/storefront/server). The same route table and loaders as the browser: the static handler runs the
 * loaders for the URL, every deferred promise is awaited, and the page is rendered whole with its data.
 */

/**
 * React puts what belongs in `<head>` (the screen's `<title>`, preloads of its high-priority pictures) at the
 * start of a partial render; they move into the page's head (the title is already there, from headOfPage).
 */
function splitHoisted(rendered: string): { hoisted: string; html: string } {
  const lead = /^(?:<link [^>]*\/>|<meta [^>]*\/>|<title>[\s\S]*?<\/title>)+/.exec(rendered)?.[0] ?? '';
  const hoisted = lead.replace(/<title>[\s\S]*?<\/title>/g, '');
  return { hoisted, html: rendered.slice(lead.length) };
}

let configuredApiUrl: string | undefined;

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  if (configuredApiUrl !== options.apiUrl) {
    configureApiClient({ prefixUrl: options.apiUrl, timeout: 10_000 });
    configuredApiUrl = options.apiUrl;
  }
  const routes = createRoutes();
  const url = new URL(request.url);
  await loadMatchedScreens(routes, url.pathname);
  const handler = createStaticHandler(routes);
  // The static handler's `query` runs the matched loaders (named apart from SQL queries, which tools/lint scans for).
  const { query: runLoaders } = handler;
  const context = await runLoaders(request, { requestContext: { ...options.context, server: true } satisfies ServerRenderContext });
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    return { kind: 'shell' };
  }
  const leaf = context.matches[context.matches.length - 1]?.route.id;
  const screens: string[] = Object.values(SERVER_RENDERED);
  const drawn: string[] = Object.values(SERVER_DRAWN);
  if (!leaf || !(screens.includes(leaf) || drawn.includes(leaf)) || context.errors) return { kind: 'shell' };
  const hydrated = screens.includes(leaf);

  const settled = await settleLoaderData(context.loaderData as Record<string, unknown>);
  const router = createStaticRouter(handler.dataRoutes, { ...context, loaderData: reviveLoaderData(settled) });
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    // Every Suspense boundary inline and complete: React would otherwise move large ones to the end of the page,
    // revealed by inline scripts (which the shop's CSP forbids).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const { hoisted, html } = splitHoisted(await new Response(prelude).text());
  const page = headOfPage(leaf, settled[leaf], url, options.origin);
  return {
    kind: 'page',
    status: page.status,
    html,
    head: { ...page.head, tags: `${page.head.tags}${hoisted ? `\n    ${hoisted}` : ''}` },
    // A screen the app draws afresh gets no data: without it the browser loads the app at once and renders anew.
    dataScript: hydrated ? `<script type="application/json" id="${SSR_DATA_ID}">${scriptSafeJson({ loaderData: settled })}</script>` : '',
    personal: !hydrated || options.context?.submission !== undefined,
  };
}

export type { HeadTags };
