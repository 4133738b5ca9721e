import type { Template } from 'liquidjs';
import { TEMPLATE_SUFFIX } from '../../../../shared/cms/template-name.ts';
import type { CmsLiquid, PageState } from './engine.ts';
import { CmsTemplateProblem, toTemplateError, type TemplateError } from './errors.ts';
import { checkName } from './store.ts';

/**
 * A session's templates (RenderSession): the pipe's sources by name, each parsed once for the
 * run, and the workbench's live preview replacing a source for the rest of the session.
 */
export class SessionTemplates {
  private readonly parsed = new Map<string, Template[] | TemplateError>();
  private readonly engine: CmsLiquid;
  /** the sources by name (RenderSession.templates: the same map) */
  private readonly sources: Map<string, string>;
  /** the includes rendered for the run, stale once a source changes */
  private readonly includeCache: Map<string, unknown>;

  constructor(engine: CmsLiquid, sources: Map<string, string>, includeCache: Map<string, unknown>) {
    this.engine = engine;
    this.sources = sources;
    this.includeCache = includeCache;
  }

  partial(name: string, state: PageState): Template[] {
    const full = name.endsWith(TEMPLATE_SUFFIX) ? name : `${name}${TEMPLATE_SUFFIX}`;
    checkName(full);
    state.used.add(full);
    return this.parse(full);
  }

  /** A template parsed once for the session (a syntax error is kept and thrown again). */
  parse(name: string): Template[] {
    const cached = this.parsed.get(name);
    if (cached instanceof Error) throw cached;
    if (cached) return cached;
    const source = this.sources.get(name);
    if (source === undefined) throw new CmsTemplateProblem('notFound', { name });
    try {
      const templates = this.engine.parse(source, name);
      this.parsed.set(name, templates);
      return templates;
    } catch (err) {
      const problem = toTemplateError(err, name);
      this.parsed.set(name, problem);
      throw problem;
    }
  }

  /** Replaces a template's source for the rest of the session (the workbench's live preview). */
  setSource(name: string, source: string) {
    this.sources.set(checkName(name), source);
    this.parsed.clear();
    this.includeCache.clear();
  }
}
