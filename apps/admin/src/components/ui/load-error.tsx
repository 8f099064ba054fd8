import { errorMessage } from '@shop/api-client';
import { ErrorPanel } from '@shop/web-ui';
import { type ReactNode, useState } from 'react';
import { useAsyncError, useRevalidator } from 'react-router-dom';

/**
 * A failed load inside `<Await errorElement>`: the error panel, whose 'Try again' revalidates the screen's loaders.
 * Until the new answer comes the placeholder shows, as before the first answer (a revalidation runs in a transition,
 * which would otherwise keep the error on screen); a new failure is a new error, and shows the panel again.
 */
export function LoadError({ placeholder = null }: { placeholder?: ReactNode }) {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  const [retriedAfter, setRetriedAfter] = useState<unknown>(undefined);
  if (retriedAfter !== undefined && retriedAfter === error) return placeholder;
  return (
    <ErrorPanel
      message={errorMessage(error)}
      onRetry={() => {
        setRetriedAfter(error);
        void revalidator.revalidate();
      }}
    />
  );
}
