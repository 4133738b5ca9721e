import { Liquid, type FS, type Template } from 'liquidjs';
import type { CmsEngine, EngineHost, EngineLimits, PageState } from './engine-types.ts';
import { registerCmsTags } from './tags/index.ts';
import { registerCmsFilters } from './filters.ts';
import { installFastOutputs, installFastTemplateLists } from './fast-render.ts';

export type { CmsEngine, EngineHost, EngineLimits, PageData, PageState } from './engine-types.ts';

export const DEFAULT_LIMITS: EngineLimits = {
  renderMs: 2_000,
  memory: 10_000_000,
  parseChars: 1_048_576,
  outputChars: 16 * 1024 * 1024,
  includeDepth: 10,
  dataRounds: 8,
};

/** The loader is never used for reading (partials come from the session); this refuses every path. */
const NO_FS: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async (file) => {
    throw new Error(`templates are not read from files here: ${file}`);
  },
  readFileSync: (file) => {
    throw new Error(`templates are not read from files here: ${file}`);
  },
  resolve: (_dir, file) => file,
  contains: async () => false,
  containsSync: () => false,
};

/**
 * LiquidJS configured for untrusted templates: output escaped unless `| raw`, only own properties
 * readable (no `constructor`, no prototypes), unknown filters an error (so `{{ x | valueOf }}`
 * cannot reach Object.prototype, CVE-2026-45618), limits on parse size, render time and memory,
 * no file system (includes, renders and layouts are looked up in the session's templates by a
 * checked name). Renders are synchronous: data comes from the session's cache (data.ts).
 */
export class CmsLiquid extends Liquid implements CmsEngine {
  state: PageState | null = null;
  readonly host: EngineHost;
  /** outputs and template lists take the synchronous paths of fast-render.ts (a test compares them with LiquidJS's own) */
  fastRender = true;

  constructor(host: EngineHost, limits: EngineLimits) {
    super({
      outputEscape: 'escape',
      ownPropertyOnly: true,
      strictFilters: true,
      strictVariables: false,
      dynamicPartials: true,
      relativeReference: false,
      jekyllInclude: false,
      cache: false,
      fs: NO_FS,
      root: [],
      parseLimit: limits.parseChars,
      renderLimit: limits.renderMs,
      memoryLimit: limits.memory,
    });
    this.host = host;
    installFastOutputs();
    installFastTemplateLists(this);
    registerCmsTags(this);
    registerCmsFilters(this);
  }

  /** The page being rendered (tags and filters run only inside renderPage). */
  current(): PageState {
    if (!this.state) throw new Error('CMS tags render only inside a page');
    return this.state;
  }

  /** Runs `fn` (a synchronous render) as the render of `state`. */
  withState<T>(state: PageState, fn: () => T): T {
    const previous = this.state;
    this.state = state;
    try {
      return fn();
    } finally {
      this.state = previous;
    }
  }

  override *_parsePartialFile(file: string): Generator<unknown, Template[], string | Template[]> {
    return this.host.partial(file, this.current());
  }

  override *_parseLayoutFile(file: string): Generator<unknown, Template[], string | Template[]> {
    return this.host.partial(file, this.current());
  }
}
