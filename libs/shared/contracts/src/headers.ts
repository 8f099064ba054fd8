/** Header that carries the request id from the gateway to the services and back into logs. */
export const REQUEST_ID_HEADER = 'x-request-id';
