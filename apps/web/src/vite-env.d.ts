/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not served from the app's own origin; empty by default. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
