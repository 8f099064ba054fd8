import { errorMessage } from '@shop/api-client';
import { toParagraphs } from '@shop/rules';
import { Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { SHOP_PAGE_TITLES } from '../../config/shop-pages';
import type { shopPageLoader } from './shop-page-loader';
import './shop-page.css';

function PageError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

/** The owner's text as paragraphs; React escapes it, so whatever the owner typed is shown as text, never as HTML. */
function PageText({ text }: { text: string | null }) {
  const paragraphs = toParagraphs(text ?? '');
  if (paragraphs.length === 0) return <p className="shop-page__text">This page has no text yet.</p>;
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="shop-page__text">
          {paragraph}
        </p>
      ))}
    </>
  );
}

/** /delivery, /returns and /privacy: the owner's text (Site Settings, Pages). */
export function ShopPageRoute() {
  const { kind, text } = useLoaderData<ReturnType<ReturnType<typeof shopPageLoader>>>();
  const title = SHOP_PAGE_TITLES[kind];
  return (
    <article className="container page-section shop-page">
      <title>{`${title} | Island Glow`}</title>
      <h1 className="section-heading__title">{title}</h1>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Await resolve={text} errorElement={<PageError />}>
          {(loaded: string | null) => <PageText text={loaded} />}
        </Await>
      </Suspense>
      <p className="shop-page__more">
        Questions? <Link to={paths.contact}>Contact us</Link>.
      </p>
    </article>
  );
}
