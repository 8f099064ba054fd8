import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router-dom';

interface AwaitWithStatusProps<T> {
  /** The loader's deferred value. */
  resolve: Promise<T>;
  /** What the page says while it waits (a status, so a screen reader hears it). */
  loading: string;
  loadingClassName: string;
  /** Shown when the value fails. */
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}

/** A deferred loader value drawn once it arrives, with a spoken "Loading…" line until then. */
export function AwaitWithStatus<T>({ resolve, loading, loadingClassName, errorElement, children }: AwaitWithStatusProps<T>) {
  return (
    <Suspense
      fallback={
        <p role="status" className={loadingClassName}>
          {loading}
        </p>
      }
    >
      <Await resolve={resolve} errorElement={errorElement}>
        {children}
      </Await>
    </Suspense>
  );
}
