import { configureApiClient } from '@shop/api-client';
import { env } from './env';

// Imported by main.tsx before the app: the router starts its first loaders while its module loads, so the
// client must point at the right gateway before then.
if (env.apiUrl) configureApiClient({ prefixUrl: env.apiUrl });
