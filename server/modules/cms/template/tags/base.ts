import { Context, Tag, type Emitter, type Liquid, type Parser, type TagToken, type Template, type TopLevelToken } from 'liquidjs';
import { tagDef, type TagDef } from '../../../../../shared/cms/template-registry.ts';
import { TagAttributes, type AttrValues } from '../attributes.ts';
import type { CmsEngine, EngineHost, PageState } from '../engine-types.ts';
import { CmsTemplateProblem } from '../errors.ts';
import { ContentStatus } from '../../../../../shared/cms/content.ts';

/** What a CMS tag has while it renders. */
export interface TagRun {
  values: AttrValues;
  state: PageState;
  host: EngineHost;
  ctx: Context;
}

/** A CMS tag: its registry entry and its attributes, read and checked when the template is parsed. */
abstract class CmsTag extends Tag {
  protected readonly def: TagDef;
  protected readonly attributes: TagAttributes;

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    this.def = tagDef(token.name)!;
    this.attributes = new TagAttributes(this.def, this.tokenizer, liquid);
  }

  protected *run(ctx: Context): Generator<unknown, TagRun, unknown> {
    const values = yield* this.attributes.values(ctx);
    const cms = this.liquid as CmsEngine;
    return { values, state: cms.current(), host: cms.host, ctx };
  }
}

/**
 * A block tag (`{% cms_x … %}…{% endcms_x %}`): `produce` returns the variables of its body
 * (DataList, Data…), which shadow outer ones of the same name until the end tag.
 */
export abstract class CmsBlockTag extends CmsTag {
  protected readonly templates: Template[] = [];

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    const stream = parser.parseStream(remainTokens)
      .on(`tag:end${token.name}`, () => stream.stop())
      .on('template', (tpl: Template) => this.templates.push(tpl))
      .on('end', () => {
        throw new Error(`tag ${token.getText()} not closed`);
      });
    stream.start();
  }

  protected abstract produce(run: TagRun): Record<string, unknown>;

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const run = yield* this.run(ctx);
    ctx.push(this.produce(run));
    try {
      yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
    } finally {
      ctx.pop();
    }
  }
}

/** A tag without a body that writes its own output (page_bar, cms_include). */
export abstract class CmsInlineTag extends CmsTag {
  protected abstract output(run: TagRun): Generator<unknown, string, unknown>;

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const run = yield* this.run(ctx);
    emitter.write(yield* this.output(run));
  }

  /**
   * Another template of the pipe rendered into the page with its own variables only (a page
   * widget's, a custom form's): `marker` names it in the include chain, so a template that embeds
   * itself is a cycle, and the include depth limit holds.
   */
  protected *renderNamed(run: TagRun, marker: string, template: string, scope: Record<string, unknown>): Generator<unknown, string, unknown> {
    const { state, host } = run;
    if (state.includeStack.includes(marker)) throw new CmsTemplateProblem('includeCycle', { name: marker, chain: [...state.includeStack, marker].join(' → ') });
    if (state.includeStack.length >= host.limits.includeDepth) throw new CmsTemplateProblem('includeDepth', { max: host.limits.includeDepth });
    state.includeStack.push(marker);
    try {
      const templates = host.partial(template, state);
      const child = new Context({ ...scope, Request: {}, PageNo: 1 }, this.liquid.options, { sync: run.ctx.sync, globals: host.globals }, {
        renderLimit: run.ctx.renderLimit, memoryLimit: run.ctx.memoryLimit, liquid: this.liquid,
      });
      return String(yield this.liquid.renderer.renderTemplates(templates, child));
    } finally {
      state.includeStack.pop();
    }
  }
}

/**
 * Paging of a list tag with `page: true`: the one paged tag of the page sets PageSize and PageTotal
 * (for the rest of the template and the page bar) and lists the page's slice.
 */
export function pageOf(run: TagRun, tag: string, total: number | undefined, size = run.values.size as number): { offset: number; limit: number } {
  if (!run.values.page) return { offset: 0, limit: size };
  // An include is rendered once for every page using it: it cannot be one page's pagination.
  if (run.state.includeStack.length) throw new CmsTemplateProblem('pagingInInclude');
  if (run.state.paged) throw new CmsTemplateProblem('secondPaged', { tag });
  const pageTotal = total === undefined ? 1 : Math.max(1, Math.ceil(total / size));
  run.state.paged = { tag, pageSize: size, pageTotal };
  const bottom = run.ctx.bottom() as Record<string, unknown>;
  bottom.PageSize = size;
  bottom.PageTotal = pageTotal;
  return { offset: (run.state.pageNo - 1) * size, limit: size };
}

/**
 * The content a tag works on: its contentId attribute (a published content of this site, of the
 * previewing user's catalogs in a preview) or the page's content; null while it loads, or for an
 * unpublished one.
 */
export function contentOf(run: TagRun, tag: string): import('../present.ts').ContentRow | null {
  const id = run.values.contentId as number | undefined;
  if (id === undefined) {
    if (!run.state.content) throw new CmsTemplateProblem('needsContent', { tag, attr: 'contentId' });
    return run.state.content;
  }
  if (run.state.content?.contentId === id) return run.state.content;
  const row = run.host.data<import('../present.ts').ContentRow | null>(run.state, { kind: 'content', id });
  if (row === undefined) return null;
  if (row === null) throw new CmsTemplateProblem('contentNotFound', { id });
  // Another content than the page's own shows as published pages show it: a draft or an offline
  // content gives the tag nothing, in a preview too (issue 26 N1: cms_article printed drafts).
  if (row.status !== ContentStatus.PUBLISHED) return null;
  return row;
}

/** Where a content's body and items live: a mapping copy shows its source's. */
export const bodyIdOf = (row: { contentId: number; copyType: number; copyId: number | null }) => (row.copyType === 2 && row.copyId ? row.copyId : row.contentId);
