import { getControls } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { deferred } from '../../lib/deferred';

/** The settings record in force (the first of the list), or null when there is none. */
export function controlsLoader({ request }: LoaderFunctionArgs) {
  return { settings: deferred(getControls({ signal: request.signal }).then((list) => list[0] ?? null)) };
}
