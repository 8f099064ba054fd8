import ky, { type AfterResponseHook, HTTPError, type KyInstance, type Options, TimeoutError } from 'ky';
import { csrfHeaders } from './admin-auth';
import { ApiError, GENERIC_ERROR_MESSAGE, isAbortError } from './api-error';

/** Where the gateway answers; the web apps are served with `/api` on the same origin. */
export const DEFAULT_PREFIX_URL = '/api';

export interface ApiClientOptions {
  /** Base of every call, e.g. `https://shop.example/api`; defaults to `/api`. */
  prefixUrl?: string;
  /** Milliseconds before a call gives up; defaults to 15 s. */
  timeout?: number;
  /**
   * Hooks run on every answer. The admin app installs its 401 handler here (`onUnauthorized`, session-end.ts);
   * the storefront installs none, so a 401 reaches its caller as an `ApiError` and none of this is in its bundle.
   */
  afterResponse?: AfterResponseHook[];
}

function createClient(options: ApiClientOptions = {}): KyInstance {
  return ky.create({
    prefixUrl: options.prefixUrl ?? DEFAULT_PREFIX_URL,
    timeout: options.timeout ?? 15_000,
    // ky already retries GETs on 408/429/5xx; two tries keep a brief 503 from reaching the shopper.
    retry: { limit: 2 },
    // The admin's session is an HttpOnly cookie the browser sends itself; no script ever holds a credential.
    credentials: 'include',
    hooks: {
      beforeRequest: [
        (request) => {
          if (request.method === 'GET' || request.method === 'HEAD') return;
          for (const [name, value] of Object.entries(csrfHeaders())) request.headers.set(name, value);
        },
      ],
      afterResponse: options.afterResponse,
    },
  });
}

let client = createClient();

/** Replaces the one shared client, e.g. to point the apps at another gateway. Call before the first request. */
export function configureApiClient(options: ApiClientOptions): void {
  client = createClient(options);
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim()) {
      return body.message;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): fall back to the generic message.
  }
  return GENERIC_ERROR_MESSAGE;
}

async function toApiError(error: unknown): Promise<unknown> {
  if (isAbortError(error) || error instanceof ApiError) return error;
  if (error instanceof HTTPError) return new ApiError(await messageOf(error.response), error.response.status);
  if (error instanceof TimeoutError) return new ApiError('The shop took too long to answer, please try again.', 0);
  // fetch rejects with a TypeError when the network or the server is down.
  if (error instanceof TypeError) return new ApiError('Could not reach the shop, please check your connection.', 0);
  return new ApiError(GENERIC_ERROR_MESSAGE, 0);
}

/**
 * Runs one JSON GET through the shared client; every failure becomes an `ApiError` except a caller's abort.
 * Answers are typed by @shop/contracts but not re-parsed: they come from our own gateway, built against the
 * same contracts, and parsing here would put zod in every shopper's first download.
 */
export async function getJson<T>(path: string, options: Pick<Options, 'signal' | 'searchParams' | 'headers'> = {}): Promise<T> {
  try {
    // The gateway lets browsers and proxies keep public answers a few seconds; the shop's own screens still ask
    // each time (a matching ETag makes it a bodiless 304), so the owner's change shows on the next load.
    return await client.get(path, { cache: 'no-cache', ...options }).json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Header that names the anonymous shopper ('uid-' + 12 characters) on calls made for them. */
export const VISITOR_ID_HEADER = 'X-Visitor-Id';

/** The header object for a visitor id, or none when there is no id. */
export function visitorHeaders(visitorId: string | undefined): Record<string, string> {
  return visitorId ? { [VISITOR_ID_HEADER]: visitorId } : {};
}

/** Runs one JSON POST/PUT/DELETE through the shared client (never retried: these change data). */
export async function sendJson<T>(
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: Pick<Options, 'signal' | 'headers' | 'json' | 'context'> = {},
): Promise<T> {
  try {
    return await client(path, { ...options, method, retry: 0 }).json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Runs one GET that answers a file (a receipt PDF): its bytes as a Blob; every failure becomes an `ApiError`. */
export async function getBlob(path: string, options: Pick<Options, 'signal' | 'headers'> = {}): Promise<Blob> {
  try {
    return await client.get(path, options).blob();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Runs one multipart POST (a file the owner or a shopper chose) through the shared client, never retried; answers its JSON. */
export async function sendForm<T>(path: string, form: FormData, options: Pick<Options, 'signal' | 'searchParams' | 'timeout' | 'headers'> = {}): Promise<T> {
  try {
    return await client.post(path, { ...options, body: form, retry: 0 }).json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}
