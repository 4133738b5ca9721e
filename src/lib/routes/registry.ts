import type { ComponentEntry, PatternEntry } from './types.ts';

/**
 * Pages the client router can render, keyed by the component path the server's menus name
 * ('system/user/index'). Each entry imports its island lazily, so the router page stays small
 * whatever the number of screens. Screens register here as they are built.
 */
export const componentRoutes: Record<string, ComponentEntry> = {};

/** Pages with their own path pattern and permission (spec §2 "permission-gated dynamic routes"). */
export const patternRoutes: PatternEntry[] = [];
