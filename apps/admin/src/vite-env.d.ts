/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the gateway's API when it is not served at `/api` on the admin's own origin. */
  readonly VITE_API_URL?: string;
  /** Base URL of the storefront, for links to a product's page; defaults to http://localhost:4200. */
  readonly VITE_STOREFRONT_URL?: string;
}
