import { shippedBy } from '../core/shipped.ts';
import { modules } from './index.ts';
import { shippedData } from './system/index.ts';

/**
 * What the whole product ships with every module mounted, as a new database gets it: every menu
 * row (the CMS's and the system's…), dictionary and config. For tests and tools that need the
 * rows of every module (a role holding every menu, the menu id of a permission key).
 */
export const SHIPPED = shippedBy(modules);
export const { menus: MENUS, dicts: DICTS, configs: CONFIGS } = shippedData(SHIPPED);
