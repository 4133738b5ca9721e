import type { ScreenSpec } from './types.ts';
import { columnFields, filterFields, listParams } from '../../lib/resources/client.ts';
import { toQueryString } from '../../lib/request.ts';
import { dictUrl } from '../../stores/dicts.ts';
import { initialPage } from './use-resource-list.ts';

/**
 * The calls a resource screen makes as it mounts, worked out at build time from its definition:
 * its list's first page (the URL `useResourceList` asks for) and the dictionaries of its columns
 * and filters. The page hands them to the head script (lib/early-fetch.ts), so on a slow link the
 * rows come with the session's first data instead of a round trip after some 300 KB of modules.
 * None when the screen's context decides its first list (fixed filters, the page's query, extra headers).
 */
export function firstGets({ def, extensions = {} }: ScreenSpec): string[] {
  if (extensions.fixedFilters || def.page?.queryFilters?.length || def.headers) return [];
  const list = `${def.api}/list?${toQueryString(listParams(def, {}, initialPage(def, !!extensions.tree), null))}`;
  const dicts = [...columnFields(def), ...filterFields(def).filter(([, f]) => f.filterControl !== 'extension')].flatMap(([, f]) => (f.dict ? [dictUrl(f.dict)] : []));
  return [list, ...new Set(dicts)];
}
