import { configureApiClient, onUnauthorized } from '@shop/api-client';
import { leave } from '../lib/auth';
import { env } from './env';

// Imported by main.tsx before the app: the router starts its first loaders while its module loads, so the
// client must point at the right gateway, and know what a 401 means here, before then. Every admin call is
// made in the owner's session: a 401 means it ended, and the one handler logs out (the storefront installs none).
configureApiClient({ prefixUrl: env.apiUrl, afterResponse: [onUnauthorized(leave)] });
