import { useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router-dom';

/** What the frame of every page (header and footer) shows from the owner's settings. */
export interface LayoutInfo {
  facebook: string;
  instagram: string;
  whatsapp: string;
  openingHours: string;
  pickupAddress: string;
  /** False while the media gallery has no photo and no video: the Media link is then left out. */
  hasMedia: boolean;
}

/** The root route's data: the layout's details, settled on the server, a promise on a page sent as the shell. */
export interface RootData {
  layout: LayoutInfo | null | Promise<LayoutInfo | null>;
}

export const ROOT_ROUTE_ID = 'root';

/**
 * The layout's details, or null while they load (a page drawn in the browser) or when the settings could not be
 * read. A server-rendered page has them from its first render, so header and footer never shift there.
 */
export function useLayoutInfo(): LayoutInfo | null {
  const value = (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined)?.layout ?? null;
  const [settled, setSettled] = useState<{ from: Promise<LayoutInfo | null>; info: LayoutInfo | null } | null>(null);
  useEffect(() => {
    if (!(value instanceof Promise)) return;
    let live = true;
    void value.then((info) => {
      if (live) setSettled({ from: value, info });
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!(value instanceof Promise)) return value;
  return settled?.from === value ? settled.info : null;
}
