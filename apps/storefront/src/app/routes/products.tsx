import { errorMessage } from '@shop/api-client';
import type { ProductSummary } from '@shop/contracts';
import { type FormEvent, Suspense, useId } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useNavigate, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { Pagination } from '../../features/products/components/pagination';
import { ProductGrid } from '../../features/products/components/product-grid';
import { SuggestedProducts } from '../../features/products/components/suggested-products';
import { ProductGridSkeleton } from '../../features/products/components/product-grid-skeleton';
import { useMetaDescription } from '../../lib/use-meta-description';
import { ALL_TYPES, type productsLoader } from './products-loader';
import './products.css';

interface ProductsQuery {
  q: string;
  type: string;
  page: number;
}

/** The URL of a products query: the search in the path, type and page (when not 1) in the query string. */
function hrefOf({ q, type, page }: ProductsQuery): string {
  const search = new URLSearchParams();
  if (type) search.set('type', type);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return `${q ? paths.productSearch(q) : paths.products}${query ? `?${query}` : ''}`;
}

function PageError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

/**
 * A plain GET form (`/products?q=...&type=...`, redirected by the loader) before the app runs; inside the app the
 * router moves without a page load.
 */
function SearchForm({ query }: { query: ProductsQuery }) {
  const navigate = useNavigate();
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '');
    void navigate(hrefOf({ q: text.trim(), type: query.type, page: 1 }));
  };
  return (
    <form className="products-search" role="search" aria-label="Products" action={paths.products} method="get" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input id={inputId} name="q" className="input" type="search" placeholder="Search here!" defaultValue={query.q} maxLength={100} />
      {query.type && <input type="hidden" name="type" value={query.type} />}
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}

/**
 * A GET form (`?type=`) that the server answers before the app runs, sent as soon as a type is chosen
 * (lib/submit-on-change.ts; without JavaScript by its Filter button); inside the app the router moves instead.
 */
function TypeFilter({ query, types }: { query: ProductsQuery; types: string[] }) {
  const navigate = useNavigate();
  const selectId = useId();
  // A type from an old link that no longer exists still shows as chosen.
  const options = query.type && !types.includes(query.type) ? [...types, query.type] : types;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('type') ?? ALL_TYPES);
    void navigate(hrefOf({ q: query.q, type: chosen === ALL_TYPES ? '' : chosen, page: 1 }));
  };
  return (
    <form className="field products-filter" action={hrefOf({ q: query.q, type: '', page: 1 })} method="get" onSubmit={submit}>
      <label htmlFor={selectId}>Filter by type</label>
      <div className="products-filter__row">
        <select id={selectId} name="type" key={`${query.type}:${options.length}`} defaultValue={query.type || ALL_TYPES} data-submit-on-change="">
          <option value={ALL_TYPES}>all</option>
          {options.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button--small">
            Filter
          </button>
        </noscript>
      </div>
    </form>
  );
}

export function ProductsRoute() {
  const { query, page, types, suggestions } = useLoaderData<typeof productsLoader>();
  const title = query.q ? `Search: ${query.q}` : 'Products';
  useMetaDescription("Explore Island Glow's hair and beauty products: moisturizers, scrubs, lip balms and more, priced in TT$.");

  return (
    <div className="container page-section">
      <title>{`${title} | Island Glow`}</title>
      <h1 className="section-heading__title products-title">Explore Our Products</h1>
      <div className="products-tools">
        <SearchForm key={query.q} query={query} />
        <Suspense fallback={<TypeFilter query={query} types={[]} />}>
          <Await resolve={types}>{(list: string[]) => <TypeFilter query={query} types={list} />}</Await>
        </Suspense>
      </div>
      <Suspense key={hrefOf(query)} fallback={<ProductGridSkeleton />}>
        <Await resolve={page} errorElement={<PageError />}>
          {(result) => (
            <>
              {/* The cards' names are h3: a heading between them and the page's h1 keeps the outline in order. */}
              <h2 className="visually-hidden">Product list</h2>
              <p className="products-count" role="status">
                {result.total === 0
                  ? query.q
                    ? `No products found for "${query.q}".`
                    : 'No products found.'
                  : `${result.total} ${result.total === 1 ? 'product' : 'products'}${query.q ? ` for "${query.q}"` : ''}`}
              </p>
              {result.total === 0 && (query.q || query.type) && (
                <p>
                  <Link to={paths.products}>Show all products</Link>
                </p>
              )}
              {result.total === 0 && (
                <Suspense fallback={null}>
                  <Await resolve={suggestions}>{(list: ProductSummary[]) => <SuggestedProducts products={list} />}</Await>
                </Suspense>
              )}
              {result.total > 0 && <ProductGrid products={result.products} />}
              <Pagination page={result.page} pages={result.pages} hrefOf={(n) => hrefOf({ ...query, page: n })} />
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
