/// <reference types="astro/client" />
// astro/client brings Vite's import.meta types (glob, env) even before `astro sync` has run,
// so a fresh clone typechecks.

interface ImportMetaEnv {
  /** Base of the API, fixed at build time; default /prod-api (spec §7). */
  readonly PUBLIC_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:declared-screens' {
  const screens: import('./lib/routes/declared-screen.ts').DeclaredScreen[];
  export default screens;
}
