/** A server-side cache as the cache monitor shows it: its keys, their values, and how to clear. */
export interface CacheView {
  name: string;
  /** server message key describing it */
  describe: string;
  keys(): string[];
  value(key: string): unknown;
  /** one key, or everything when no key is given; read-through caches re-read their source */
  clear(key?: string): void | Promise<void>;
}

export class CacheRegistry {
  private readonly views = new Map<string, CacheView>();

  register(view: CacheView) {
    this.views.set(view.name, view);
  }

  list(): CacheView[] {
    return [...this.views.values()];
  }

  get(name: string): CacheView | undefined {
    return this.views.get(name);
  }
}
