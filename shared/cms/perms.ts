/**
 * Per-object CMS permissions (spec §6: site, catalog, content, page widget), granted to a role or a
 * user on one object and stored as a bit set: bit n is the n-th name below. The names follow
 * ChestnutCMS (`Site:View:<id>` …); the order is fixed, since stored bits depend on it.
 */
export const SITE_PERMS = ['View', 'Edit', 'Delete', 'Publish', 'AddPageWidget', 'AddCatalog'] as const;
export const CATALOG_PERMS = ['View', 'Edit', 'Delete', 'Publish', 'ShowHide', 'Move', 'Sort', 'AddContent', 'EditContent', 'DeleteContent', 'Offline'] as const;
export const PAGE_WIDGET_PERMS = ['View', 'Edit', 'Delete', 'Publish', 'Offline'] as const;

export const GRANT_OBJECTS = { Site: SITE_PERMS, Catalog: CATALOG_PERMS, PageWidget: PAGE_WIDGET_PERMS } as const;
export type GrantObject = keyof typeof GRANT_OBJECTS;
export type SitePerm = (typeof SITE_PERMS)[number];
export type CatalogPerm = (typeof CATALOG_PERMS)[number];
export type PageWidgetPerm = (typeof PAGE_WIDGET_PERMS)[number];
export type PermOf<O extends GrantObject> = (typeof GRANT_OBJECTS)[O][number];

/** Who holds a grant. */
export const GRANT_OWNERS = ['Role', 'User'] as const;
export type GrantOwner = (typeof GRANT_OWNERS)[number];

/** Granting CMS rights to a role is editing the role; to a user, editing the user (server and console gate on these). */
// As in ChestnutCMS (POST /system/permission): the seeded "Grant Role/User Permissions" buttons, not plain edit.
export const GRANT_OWNER_PERMS: Record<GrantOwner, string> = { Role: 'system:role:grant', User: 'system:user:grant' };

/** The bit of one permission of an object type. */
export const permBit = <O extends GrantObject>(object: O, perm: PermOf<O>): number =>
  1 << (GRANT_OBJECTS[object] as readonly string[]).indexOf(perm);

/** Every bit of an object type (what a site's creator receives). */
export const allBits = (object: GrantObject): number => (1 << GRANT_OBJECTS[object].length) - 1;

/** The names a bit set holds, in order. */
export const permsIn = <O extends GrantObject>(object: O, bits: number): PermOf<O>[] =>
  (GRANT_OBJECTS[object] as readonly PermOf<O>[]).filter((_, i) => (bits & (1 << i)) !== 0);

/** A bit set from names; unknown names are ignored. */
export const bitsOf = <O extends GrantObject>(object: O, perms: readonly string[]): number =>
  perms.reduce((bits, p) => {
    const i = (GRANT_OBJECTS[object] as readonly string[]).indexOf(p);
    return i < 0 ? bits : bits | (1 << i);
  }, 0);

/**
 * Whether the rights a reply lists for an object (the site list's rows, the catalog tree's nodes)
 * include `perm`. A list the backend did not send (ChestnutCMS sends none) allows everything: the
 * server still decides.
 */
export const holds = (perms: readonly string[] | undefined, perm: string): boolean => perms === undefined || perms.includes(perm);
