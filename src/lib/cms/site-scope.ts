import type { ResourceDef } from '../../../shared/resources/define.ts';

/**
 * Headers that make a call work on this site instead of the current one: a site's own edit tabs
 * (Property, Default Template, its logo's library) are about that site whichever one the picker
 * shows. The server treats it as any current site — it must exist and the actor must hold the
 * right on it — so this widens nobody's reach; a `siteId` in a query or body is never read.
 */
export const siteHeaders = (siteId: number | string | null | undefined): Record<string, string> =>
  siteId === null || siteId === undefined || siteId === '' ? {} : { CurrentSite: String(siteId) };

/** A copy of a site-scoped resource's definition whose calls work on this site. */
export const onSite = <D extends ResourceDef>(def: D, siteId: number | string): D => ({ ...def, headers: { ...def.headers, ...siteHeaders(siteId) } });
