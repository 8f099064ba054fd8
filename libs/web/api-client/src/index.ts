export { configureApiClient, DEFAULT_PREFIX_URL, type ApiClientOptions } from './api-client';
export { ApiError, GENERIC_ERROR_MESSAGE, isAbortError } from './api-error';
export { getProducts, type GetProductsOptions } from './get-products';
export { getProduct, type GetProductOptions } from './get-product';
