/** A key we write and read: lower-case path segments of letters, digits, `_`, `-` and one dot, no `..`. */
export const STORAGE_KEY = /^resources\/(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.[a-z0-9]{1,5}$/;
export const isStorageKey = (key: string) => STORAGE_KEY.test(key) && key.length <= 255;

/** A bucket object's public address: the storage tab's domain and the key. */
export const bucketUrl = (domain: string, key: string) => `${domain.replace(/\/+$/, '')}/${key}`;
