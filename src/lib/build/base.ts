import type { AstroConfig } from 'astro';

/** The console's base path with its trailing slash ('/admin/'), as built URLs start. */
export const basePath = (config: Pick<AstroConfig, 'base'>): string => (config.base.endsWith('/') ? config.base : `${config.base}/`);
