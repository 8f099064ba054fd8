/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the gateway's API when it is not served at `/api` on the shop's own origin. */
  readonly VITE_API_URL?: string;
}

/** The running build's version (package version and build time), compared with the stored one at start. */
declare const __APP_VERSION__: string;
