import { holds, type CatalogPerm, type SitePerm } from '../../../shared/cms/perms.ts';
import type { CatalogNode } from './catalog-tree.ts';

/**
 * Which of the catalog screen's actions the user may take on the chosen node (issue 26 item 9),
 * free of any UI: an action is offered when the user's role holds its menu key, and enabled only
 * when their grants on the chosen catalog (on the site, for the top level) allow what the server
 * will check — so nobody fills a form only to be refused.
 */

export const CATALOG_ACTIONS = ['add', 'batchAdd', 'move', 'sort', 'showHide', 'remove', 'publish', 'edit', 'applyTemplate'] as const;
export type CatalogAction = (typeof CATALOG_ACTIONS)[number];

/** The menu key each action's route asks for (server/modules/cms/catalog/routes.ts, publish/routes.ts). */
export const ACTION_KEYS: Record<CatalogAction, string> = {
  add: 'cms:catalog:add',
  batchAdd: 'cms:catalog:add',
  move: 'cms:catalog:move',
  sort: 'cms:catalog:edit',
  showHide: 'cms:catalog:edit',
  remove: 'cms:catalog:remove',
  publish: 'cms:catalog:publish',
  edit: 'cms:catalog:edit',
  applyTemplate: 'cms:site:edit',
};

/** The grant each action needs on the chosen catalog (what the operation's catalogWith checks). */
const NODE_RIGHT: Record<Exclude<CatalogAction, 'add' | 'batchAdd'>, CatalogPerm> = {
  move: 'Move',
  sort: 'Sort',
  showHide: 'ShowHide',
  remove: 'Delete',
  publish: 'Publish',
  edit: 'Edit',
  applyTemplate: 'Edit',
};

export interface CatalogActionState {
  /** shown at all: the role holds the menu key */
  offered: Record<CatalogAction, boolean>;
  /** enabled on the chosen node */
  allowed: Record<CatalogAction, boolean>;
  /** where an add may go: under the chosen catalog (its Edit), at the top level (the site's AddCatalog) */
  addChild: boolean;
  addTop: boolean;
}

/**
 * The actions on `node` (null: the site, the tree's root), given the menu keys (`hasKey`) and the
 * grants the tree reply lists (`sitePerms`, each node's `perms`).
 */
export function catalogActions(node: Pick<CatalogNode, 'perms' | 'disabled'> | null, sitePerms: readonly SitePerm[] | undefined, hasKey: (key: string) => boolean): CatalogActionState {
  const offered = Object.fromEntries(CATALOG_ACTIONS.map((a) => [a, hasKey(ACTION_KEYS[a])])) as Record<CatalogAction, boolean>;
  const onNode = (perm: CatalogPerm) => !!node && !node.disabled && holds(node.perms, perm);
  const addChild = offered.add && onNode('Edit');
  const addTop = offered.add && holds(sitePerms, 'AddCatalog');
  const allowed = { add: addChild || addTop, batchAdd: addChild || addTop } as Record<CatalogAction, boolean>;
  for (const [action, perm] of Object.entries(NODE_RIGHT) as [keyof typeof NODE_RIGHT, CatalogPerm][]) allowed[action] = offered[action] && onNode(perm);
  // Copying the site's default templates is also changing the site (Site Edit).
  allowed.applyTemplate &&= holds(sitePerms, 'Edit');
  return { offered, allowed, addChild, addTop };
}
