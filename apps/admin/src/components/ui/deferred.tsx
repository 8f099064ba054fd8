import { type ReactNode, Suspense } from 'react';
import { Await } from 'react-router-dom';
import { LoadError } from './load-error';

interface DeferredProps<T> {
  resolve: Promise<T>;
  /** Shown until the data comes, and again while a failed load is tried again. */
  placeholder: ReactNode;
  children: (value: T) => ReactNode;
}

/** A part of a screen drawn from a loader's deferred data; a failed load shows the error panel, whose 'Try again' loads it again. */
export function Deferred<T>({ resolve, placeholder, children }: DeferredProps<T>) {
  return (
    <Suspense fallback={placeholder}>
      <Await resolve={resolve} errorElement={<LoadError placeholder={placeholder} />}>
        {children}
      </Await>
    </Suspense>
  );
}
