/** Header that carries the request id from the gateway to the services and back into logs. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Header in which the storefront sends the anonymous visitor's id ('uid-' + 12 characters). */
export const VISITOR_HEADER = 'x-visitor-id';
