import { configureApiClient, DEFAULT_PREFIX_URL } from '@shop/api-client';
import { env } from './config/env';
import { fetchWithFirstScreen, startFirstScreenRequests } from './app/first-screen-requests';
import './styles/global.css';

// The entry is small on purpose: it starts the first screen's API requests at once, then runs the app, whose
// code (React, the router, the shell) the page already fetches in parallel (modulepreload links, see
// vite.config.ts). The client is configured here, before the router exists and its loaders make requests.
const prefixUrl = env.apiUrl ?? DEFAULT_PREFIX_URL;
configureApiClient({ prefixUrl, fetch: fetchWithFirstScreen });
startFirstScreenRequests(prefixUrl);

void import('./app/start');
