import { useEffect } from 'react';

/**
 * Sets the page's one description meta (from index.html) while the screen is shown and puts the site's back
 * after; a rendered <meta> would be hoisted beside index.html's as a second description.
 */
export function useMetaDescription(content: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = content;
    return () => {
      meta.content = previous;
    };
  }, [content]);
}
