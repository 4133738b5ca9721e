import { readJson, writeJson } from '../../lib/web-storage.ts';
import type { Expanded } from '../../lib/cms/catalog-tree.ts';

/**
 * What a catalog tree remembers for the browser tab (sessionStorage), per screen and site: the
 * chosen catalog and the open branches, so coming back from the editor finds the tree as it was.
 */
export interface TreeMemory {
  selected: number | null;
  expanded: Expanded;
}

const keyOf = (scope: string, siteId: string) => `castanea.catalogTree.${scope}.${siteId || 'current'}`;

export function recall(scope: string, siteId: string): TreeMemory {
  const raw = readJson('sessionStorage', keyOf(scope, siteId)) as Partial<TreeMemory> | undefined;
  const expanded = raw?.expanded && typeof raw.expanded === 'object' ? raw.expanded : {};
  return { selected: typeof raw?.selected === 'number' ? raw.selected : null, expanded };
}

export const remember = (scope: string, siteId: string, memory: TreeMemory) => writeJson('sessionStorage', keyOf(scope, siteId), memory);
