import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, AstroIntegrationLogger } from 'astro';

/** The console's base path with its trailing slash ('/admin/'), as built URLs start. */
export const basePath = (config: Pick<AstroConfig, 'base'>): string => (config.base.endsWith('/') ? config.base : `${config.base}/`);

/** What a pass over the built console gets: the output folder, the base path, Astro's logger. */
export interface BuiltConsole {
  distDir: string;
  base: string;
  logger: AstroIntegrationLogger;
}

/** An integration that rewrites the built console once the build is done (module preloads, critical CSS). */
export function afterBuild(name: string, pass: (built: BuiltConsole) => void | Promise<void>): AstroIntegration {
  let base = '/';
  return {
    name,
    hooks: {
      'astro:config:done': ({ config }) => {
        base = basePath(config);
      },
      'astro:build:done': ({ dir, logger }) => pass({ distDir: fileURLToPath(dir), base, logger }),
    },
  };
}
