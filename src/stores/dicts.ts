import { map } from 'nanostores';
import { prefetchGets, request } from '../lib/request.ts';

/** One value of a dictionary as the console uses it (ChestnutCMS dict data, spec shapes §10). */
export interface DictOption {
  label: string;
  value: string;
  /** default | primary | success | info | warning | danger */
  listClass?: string;
  cssClass?: string;
}

interface DictRow {
  dictLabel?: unknown;
  dictValue?: unknown;
  listClass?: unknown;
  cssClass?: unknown;
}

/** Loaded dictionaries by type; a type appears once its values arrived. */
export const $dicts = map<Record<string, DictOption[]>>({});

// Requests in flight or done, by type: every caller of one type shares one request.
const pending = new Map<string, Promise<DictOption[]>>();

const toOption = (r: DictRow): DictOption => ({
  label: String(r.dictLabel ?? ''),
  value: String(r.dictValue ?? ''),
  ...(r.listClass ? { listClass: String(r.listClass) } : {}),
  ...(r.cssClass ? { cssClass: String(r.cssClass) } : {}),
});

/**
 * A dictionary's values: fetched on first use (GET /system/dict/data/type/{type}), then cached for
 * the page's life (spec §4). Labels come in the request language; a language change reloads the page.
 */
export function loadDict(type: string): Promise<DictOption[]> {
  let p = pending.get(type);
  if (!p) {
    p = gathered(type).then(() => request<DictRow[]>({ url: dictUrl(type) })).then(
      (res) => {
        const options = (res.data ?? []).map(toOption);
        $dicts.setKey(type, options);
        return options;
      },
      (err: unknown) => {
        // A failure is not cached: the next use asks again.
        pending.delete(type);
        throw err;
      },
    );
    pending.set(type, p);
  }
  return p;
}

/** The call for a dictionary's values (also a page's first calls ask for it: islands/resource/first-gets.ts). */
export const dictUrl = (type: string) => `/system/dict/data/type/${encodeURIComponent(type)}`;

// The dictionaries a screen asks for as it renders (each field, tag and filter on its own) go out
// as one batch: on a slow link a request each costs a round trip each.
const queued = new Set<string>();
let gathering: Promise<void> | null = null;
function gathered(type: string): Promise<void> {
  queued.add(type);
  gathering ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
    const types = [...queued];
    queued.clear();
    gathering = null;
    prefetchGets(types.map(dictUrl));
  });
  return gathering;
}

/** Loads several dictionaries at once (a screen's dict fields). */
export const loadDicts = (types: Iterable<string>) => Promise.all([...new Set(types)].map((t) => loadDict(t).catch(() => [])));

/** The label of a value, or the value itself when the dictionary lacks it (or has not arrived). */
export function dictLabel(options: readonly DictOption[] | undefined, value: unknown): string {
  const v = value === null || value === undefined ? '' : String(value);
  return options?.find((o) => o.value === v)?.label ?? v;
}

/** Forgets every dictionary (tests; after an admin edits dictionary data). */
export function clearDicts(type?: string): void {
  if (type) {
    pending.delete(type);
    $dicts.setKey(type, undefined as never);
  } else {
    pending.clear();
    $dicts.set({});
  }
}
