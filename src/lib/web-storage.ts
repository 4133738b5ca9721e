/**
 * Web Storage that never throws: storage may be missing (prerender, tests) or refuse access
 * (private mode, quota). A read then gives null and a write is dropped; the caller's state lasts
 * for the page instead.
 */
export type StorageArea = 'localStorage' | 'sessionStorage';

const area = (name: StorageArea): Storage | null => (typeof globalThis[name] === 'undefined' ? null : globalThis[name]);

export function readItem(name: StorageArea, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`, or removes the key when it is null. */
export function writeItem(name: StorageArea, key: string, value: string | null): void {
  try {
    if (value === null) area(name)?.removeItem(key);
    else area(name)?.setItem(key, value);
  } catch {
    /* no storage: see above */
  }
}

/** The parsed JSON under `key`, or undefined when absent or unreadable. */
export function readJson(name: StorageArea, key: string): unknown {
  const raw = readItem(name, key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export const writeJson = (name: StorageArea, key: string, value: unknown) => writeItem(name, key, JSON.stringify(value));
