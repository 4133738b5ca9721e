import { Context } from 'liquidjs';
import { TEMPLATE_SUFFIX } from '../../../../../shared/cms/template-name.ts';
import { CmsTemplateProblem } from '../errors.ts';
import { CmsInlineTag, type TagRun } from './base.ts';

const MAX_PARAMS = 20;

interface IncludeSpec {
  name: string;
  params: Record<string, string>;
  /** the name and its parameters in order: the key of its rendered HTML */
  key: string;
}

const parsedSpecs = new Map<string, IncludeSpec>();

/** parseIncludeSpec, remembered: the same include is named on every page of a run. */
function specOf(spec: string): IncludeSpec {
  let parsed = parsedSpecs.get(spec);
  if (!parsed) {
    const { name, params } = parseIncludeSpec(spec);
    parsed = { name, params, key: `${name}?${new URLSearchParams(params).toString()}` };
    if (parsedSpecs.size >= 5_000) parsedSpecs.clear();
    parsedSpecs.set(spec, parsed);
  }
  return parsed;
}

/** `nav.template.html?current=news&x=1` → the name and its parameters (names of letters, digits, underscores). */
export function parseIncludeSpec(spec: string): { name: string; params: Record<string, string> } {
  const q = spec.indexOf('?');
  const raw = (q < 0 ? spec : spec.slice(0, q)).trim();
  const name = raw.endsWith(TEMPLATE_SUFFIX) ? raw : `${raw}${TEMPLATE_SUFFIX}`;
  const params: Record<string, string> = {};
  if (q >= 0) {
    const entries = [...new URLSearchParams(spec.slice(q + 1))];
    if (entries.length > MAX_PARAMS || entries.some(([k, v]) => !/^[A-Za-z0-9_]{1,50}$/.test(k) || v.length > 500)) {
      throw new CmsTemplateProblem('includeParams', { name, max: MAX_PARAMS });
    }
    for (const [k, v] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) params[k] = v;
  }
  return { name, params };
}

/**
 * cms_include: another template's output, rendered into the page (no SSI). It sees the site's
 * variables and `Request` (its parameters), not the page's, so with `cache` (the default) the same
 * file and parameters render once per publish run and every page reuses the HTML — a site-wide
 * navigation costs one render, not one per page. The templates it used are noted on each page
 * using it, so saving one republishes them.
 */
export class IncludeTag extends CmsInlineTag {
  protected *output(run: TagRun): Generator<unknown, string, unknown> {
    const { name, params, key } = specOf(String(run.values.file));
    const { state, host } = run;
    if (state.includeStack.includes(name)) throw new CmsTemplateProblem('includeCycle', { name, chain: [...state.includeStack, name].join(' → ') });
    if (state.includeStack.length >= host.limits.includeDepth) throw new CmsTemplateProblem('includeDepth', { max: host.limits.includeDepth });
    const hit = run.values.cache ? host.includeCache.get(key) : undefined;
    if (hit) {
      for (const u of hit.used) state.used.add(u);
      return hit.html;
    }
    const outer = state.used;
    const mine = new Set<string>();
    const missesBefore = state.misses.size;
    state.used = mine;
    state.includeStack.push(name);
    let html: string;
    try {
      const templates = host.partial(name, state);
      const child = new Context({ Request: { ...params }, PageNo: 1 }, this.liquid.options, { sync: run.ctx.sync, globals: host.globals }, {
        renderLimit: run.ctx.renderLimit, memoryLimit: run.ctx.memoryLimit, liquid: this.liquid,
      });
      html = String(yield this.liquid.renderer.renderTemplates(templates, child));
    } finally {
      state.includeStack.pop();
      state.used = outer;
      for (const u of mine) outer.add(u);
    }
    // What rendered without all its data is not kept: the page renders again once it is loaded.
    if (run.values.cache && state.misses.size === missesBefore) host.includeCache.set(key, { html, used: [...mine] });
    return html;
  }
}
