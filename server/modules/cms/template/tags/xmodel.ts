import { freeze } from '../present.ts';
import { CmsBlockTag, CmsInlineTag, type TagRun } from './base.ts';
import { formHtml, type FormMarkup } from '../../customform/form-html.ts';
import { formView } from '../../customform/form-view.ts';

type Item = Record<string, unknown>;

/** `{% cms_xmodel_field code: 'book' %}`: the fields of the site's extension model of that code. */
export class XModelFieldTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const rows = run.host.data<Item[]>(run.state, { kind: 'xmodelFields', code: String(run.values.code ?? '') });
    return { DataList: (rows ?? []).map((r) => freeze({ ...r })) };
  }
}

/**
 * `{% cms_xmodel_data type: 'Content' %}{{ Data.author }}{% endcms_xmodel_data %}`: the extension
 * values of a content (published ones only), a catalog or the site, by field code. Without `id`,
 * the page's own content or catalog; the site is always the page's.
 */
export class XModelDataTag extends CmsBlockTag {
  protected produce(run: TagRun) {
    const type = String(run.values.type ?? 'Content');
    const dataType = type === 'Site' ? 'site' : type === 'Catalog' ? 'catalog' : 'content';
    const pageId = dataType === 'content' ? run.state.content?.contentId : dataType === 'catalog' ? run.state.catalog?.catalogId : run.host.siteId;
    const id = Number(run.values.id ?? pageId ?? 0);
    if (!id) return { Data: freeze({}) };
    const values = run.host.data<Item>(run.state, { kind: 'xmodelData', dataType, id });
    return { Data: freeze({ ...(values ?? {}) }) };
  }
}

/**
 * `{% cms_custom_form code: 'contact' %}`: the markup of the site's published custom form of that
 * code, as its include file of this pipe has it (include/customform/<code>.shtml): the form's
 * template of the pipe rendered with `form`, or the built-in markup where it has none; nothing
 * for an offline, unknown or another site's form.
 */
export class CustomFormTag extends CmsInlineTag {
  protected *output(run: TagRun): Generator<unknown, string, unknown> {
    const code = String(run.values.code ?? '');
    const markup = run.host.data<FormMarkup | null>(run.state, { kind: 'customForm', code });
    if (!markup) return '';
    const template = markup.templates[run.host.pipeCode];
    if (!template) return formHtml(markup);
    return yield* this.renderNamed(run, `customform:${code}`, template, { form: freeze(formView(markup)) });
  }
}
