import { and, asc, eq, inArray } from 'drizzle-orm';
import { failAt, fail } from '../../../core/errors.ts';
import type { SiteOp } from '../../../core/operation.ts';
import { cmsTagWordGroup } from './schema.ts';

type Group = typeof cmsTagWordGroup.$inferSelect;

/** A node of ChestnutCMS's tree data (TreeNode): the group's id, parent, name, and its children. */
export interface GroupNode {
  id: number;
  parentId: number;
  name: string;
  isLeaf: boolean;
  props: { code: string; sortFlag: number };
  children: GroupNode[];
}

const siteGroups = (op: SiteOp) =>
  op.tx.select().from(cmsTagWordGroup).where(eq(cmsTagWordGroup.siteId, op.site.siteId)).orderBy(asc(cmsTagWordGroup.sortFlag), asc(cmsTagWordGroup.groupId));

/** The current site's groups as a tree (a group whose parent is gone shows at the root rather than vanish). */
export async function groupTree(op: SiteOp): Promise<GroupNode[]> {
  const rows = await siteGroups(op);
  const nodes = new Map(rows.map((g) => [g.groupId, { id: g.groupId, parentId: g.parentId, name: g.name, isLeaf: true, props: { code: g.code, sortFlag: g.sortFlag }, children: [] as GroupNode[] }]));
  const roots: GroupNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) {
      parent.children.push(n);
      parent.isLeaf = false;
    } else roots.push(n);
  }
  return roots;
}

/**
 * A group's parent must be 0 or another group of the same site, and never the group itself or
 * one of its descendants (the tree would lose a branch).
 */
export async function assertParent(op: SiteOp, parentId: number, selfId?: number): Promise<void> {
  if (!parentId) return;
  const rows = await siteGroups(op);
  const byId = new Map(rows.map((g) => [g.groupId, g]));
  if (!byId.has(parentId)) throw failAt('parentId', 'cms.word.parentNotFound');
  if (selfId === undefined) return;
  for (let at: Group | undefined = byId.get(parentId), hops = 0; at && hops <= rows.length; at = byId.get(at.parentId), hops++) {
    if (at.groupId === selfId) throw failAt('parentId', 'cms.word.parentLoop');
  }
}

/** Deleting groups that still have sub-groups outside the deletion is refused, naming the first. */
export async function assertNoOrphans(op: SiteOp, groups: readonly Record<string, unknown>[]): Promise<void> {
  const ids = groups.map((g) => g.groupId as number);
  const children = await op.tx.select({ parentId: cmsTagWordGroup.parentId, groupId: cmsTagWordGroup.groupId }).from(cmsTagWordGroup)
    .where(and(eq(cmsTagWordGroup.siteId, op.site.siteId), inArray(cmsTagWordGroup.parentId, ids)));
  const left = children.find((c) => !ids.includes(c.groupId));
  if (left) throw fail('cms.word.hasChildren', { name: groups.find((g) => g.groupId === left.parentId)?.name ?? '' });
}
