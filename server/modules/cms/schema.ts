// The CMS's tables, domain by domain (server/db/schema.ts re-exports them all).
export * from './site/schema.ts';
export * from './pipe/schema.ts';
export * from './perms/schema.ts';
export * from './publish/schema.ts';
export * from './catalog/schema.ts';
export * from './content/schema.ts';
export * from './resource/schema.ts';
export * from './template/schema.ts';
export * from './dynamic/schema.ts';
export * from './seo/schema.ts';
export * from './search/schema.ts';
