interface ImportMetaEnv {
  /** Base of the API, fixed at build time; default /prod-api (spec §7). */
  readonly PUBLIC_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
