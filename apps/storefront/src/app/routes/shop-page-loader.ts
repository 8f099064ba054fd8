import { getControls } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { deferred } from '../../lib/deferred';

import type { ShopPageKind } from '../../config/shop-pages';

/** One page's text only (not the whole settings record), or null when there are no settings yet. */
export function shopPageLoader(kind: ShopPageKind) {
  return ({ request }: LoaderFunctionArgs) => ({
    kind,
    text: deferred(getControls({ signal: request.signal }).then((list) => list[0]?.pageSettings[kind] ?? null)),
  });
}
