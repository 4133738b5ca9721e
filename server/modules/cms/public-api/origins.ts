import { cmsSite } from '../site/schema.ts';
import type { DbOrTx } from '../../../db/client.ts';

/** How long the sites' allowed origins are kept before they are read again. */
const FRESH_MS = 5_000;

/** `scheme://host[:port]` of an address typed with or without a scheme; both schemes for a bare host. */
export function originsOf(address: string): string[] {
  const text = address.trim();
  if (!text) return [];
  try {
    if (/^https?:\/\//i.test(text)) return [new URL(text).origin];
    const url = new URL(`http://${text}`);
    return [`http://${url.host}`, `https://${url.host}`];
  } catch {
    return [];
  }
}

/** The origins listed in a site's `PublicApiOrigins` setting (commas, spaces or lines between them). */
export const listedOrigins = (setting: string | undefined) => (setting ?? '').split(/[\s,]+/).filter(Boolean).flatMap(originsOf);

/**
 * The origins whose pages may call the public API for each site (CORS): the addresses its
 * published pages are served at (the site's domain, each pipe's url), the sites port's own address,
 * and what the site lists in its `PublicApiOrigins` setting (a CDN, a page hosted elsewhere).
 */
export class AllowedOrigins {
  private table: Promise<Map<number, Set<string>>> | null = null;
  private readAt = 0;
  private readonly db: DbOrTx;
  private readonly ownOrigin: string;
  constructor(db: DbOrTx, ownOrigin: string) {
    this.db = db;
    this.ownOrigin = ownOrigin;
  }

  forget() {
    this.table = null;
  }

  private read(): Promise<Map<number, Set<string>>> {
    if (!this.table || Date.now() - this.readAt > FRESH_MS) {
      this.readAt = Date.now();
      this.table = (async () => {
        const out = new Map<number, Set<string>>();
        const of = (siteId: number) => out.get(siteId) ?? out.set(siteId, new Set([this.ownOrigin])).get(siteId)!;
        const sites = await this.db.select({ siteId: cmsSite.siteId, domain: cmsSite.domain, props: cmsSite.configProps, pipes: cmsSite.publishPipeProps }).from(cmsSite);
        for (const s of sites) {
          const set = of(s.siteId);
          const pipeUrls = Object.values(s.pipes ?? {}).map((p) => String(p?.url ?? ''));
          for (const o of [...originsOf(s.domain ?? ''), ...pipeUrls.flatMap(originsOf), ...listedOrigins(s.props.PublicApiOrigins)]) set.add(o);
        }
        return out;
      })();
      this.table.catch(() => this.forget());
    }
    return this.table;
  }

  /** Whether `origin` may call the API for `siteId` — or, without a site, for any site. */
  async allows(origin: string, siteId: number | null): Promise<boolean> {
    const table = await this.read();
    if (siteId !== null) return table.get(siteId)?.has(origin) ?? origin === this.ownOrigin;
    if (origin === this.ownOrigin) return true;
    for (const set of table.values()) if (set.has(origin)) return true;
    return false;
  }
}
