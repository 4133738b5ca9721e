import type { EngineLimits } from './engine.ts';
import type { CatalogRow, SiteRow } from './present.ts';
import type { LoadRequest } from './requests.ts';
import type { SiteLinkInfo } from './urls.ts';
import type { XViewItem } from '../xmodel/display.ts';

/**
 * What a session reads of the database and the template folder when it opens (session-open.ts):
 * plain data, so a render thread can be handed it as it is (publish/render-thread.ts).
 */
export interface SessionSnapshot {
  site: SiteRow;
  pipeCode: string;
  /** the site's pipes, the default one marked */
  pipes: { code: string; isDefault: boolean }[];
  catalogs: CatalogRow[];
  /** published contents per catalog (Catalog.contentCount) */
  counts: [number, number][];
  /** the pipe's templates by name, overrides applied */
  templates: [string, string][];
  /** the site's custom dynamic pages: path by code */
  dynamicPaths: [string, string][];
  /** the sites port's address (config.ts siteBase): where a pipe without an address of its own is read */
  siteBase: string;
  /** the other sites' link settings: a copy or a mapping of their content shows their resources */
  otherSites: SiteLinkInfo[];
  /**
   * The extension values of the site and its catalogs, display-ready (`Site.extend`,
   * `Catalog.extendFields`…), by `site` or `catalog:<id>`; rows without values are absent.
   */
  extend?: [string, XViewItem[]][];
}

/**
 * Where a session's data comes from: the database in this thread (session-open.ts), or the
 * main thread's database for a render thread. Answers come back in the order asked.
 */
export interface DataSource {
  load(requests: LoadRequest[]): Promise<unknown[]>;
}

export interface SessionOptions {
  /** publish (the default) or preview: links go to the preview route, drafts render */
  mode?: 'publish' | 'preview';
  /** where preview links start (the API's address), default /prod-api/ */
  previewBase?: string;
  /** template sources that stand in for the saved files (the workbench's unsaved text) */
  overrides?: Record<string, string>;
  limits?: Partial<EngineLimits>;
  /** TimeMillis of the run */
  now?: Date;
}
