import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { siteCalls } from '../../../../tests/helpers/site-calls.ts';
import { pipeOutputRoot } from '../publish/roots.ts';
import { drainQueue } from '../publish/worker.ts';
import { writeTemplates, type TestSite } from '../template/test-site.ts';
import { DEFAULT_FORM_TEMPLATE } from '../../../../shared/cms/custom-form.ts';
import { formHtml } from './form-html.ts';
import { markupOf } from './markup.ts';
import { cmsCustomForm } from './schema.ts';

// A custom form's template per pipe (issue 29 part 4): a new form takes the default theme's
// customform/form.template.html, which renders the same accessible no-script markup as the
// built-in one, every value escaped; another pipe may render its own template, and the
// cms_custom_form tag prints what that pipe's template gives.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-formtpl-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let siteId = 0;
let formId = 0;

const { call, ok } = siteCalls(ts, () => siteId);
const site = () => ({ siteId, path: 'formtpl' }) as TestSite;
const published = (pipe: string, file: string) => readFileSync(join(pipeOutputRoot(ts.server.services.config, 'formtpl', pipe, pipe === 'pc'), file), 'utf8');
const MINE = 'customform/mine.template.html';

describe('custom form templates per pipe', () => {
  beforeAll(async () => {
    siteId = (await ok('POST', '/cms/site', { name: 'Form templates', path: 'formtpl' })).siteId;
    await ok('POST', '/cms/publishpipe', { name: 'Mobile', code: 'm' });
    const modelId = (await ok('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
    for (const f of [
      { label: '<script>alert(1)</script> Name', code: 'name', fieldType: 'text', required: 'Y', maxLength: 20 },
      { label: 'Agree', code: 'agree', fieldType: 'radio', dictType: 'YesOrNo', required: 'Y' },
      { label: 'Topics', code: 'topics', fieldType: 'checkbox', dictType: 'YesOrNo' },
      { label: 'Kind', code: 'kind', fieldType: 'select', dictType: 'YesOrNo' },
      { label: 'Message', code: 'message', fieldType: 'richtext', maxLength: 200 },
      { label: 'Age', code: 'age', fieldType: 'number' },
      { label: 'Day', code: 'day', fieldType: 'date' },
      { label: 'Photo', code: 'photo', fieldType: 'image' },
      { label: 'Notify', code: 'notify', fieldType: 'switch' },
    ]) await ok('POST', '/xmodel/field', { ...f, modelId });
    formId = (await ok('POST', '/cms/customform', { name: 'Contact & more', code: 'contact', modelId, needCaptcha: 'Y', submitText: 'Send <now>' })).formId;
  });

  it('gives a new form the default theme\'s template in every pipe that has it', async () => {
    expect((await ok('GET', `/cms/customform/${formId}`)).templates).toEqual({ pc: DEFAULT_FORM_TEMPLATE, m: DEFAULT_FORM_TEMPLATE });
  });

  it('refuses a template that is not in its pipe, naming the field, and changes nothing', async () => {
    const r = await call('PUT', '/cms/customform', { formId, name: 'Contact & more', code: 'contact', templates: { m: MINE } });
    expect(r.code).toBe(500);
    expect(r.msg).toContain(MINE);
    expect((await ok('GET', `/cms/customform/${formId}`)).templates.m).toBe(DEFAULT_FORM_TEMPLATE);
  });

  it('publishes the default template: the built-in markup, labelled fields, the submit text and a script label escaped', async () => {
    await ok('POST', '/cms/customform/publish', [formId]);
    const html = published('pc', 'include/customform/contact.shtml');
    const [row] = await ts.database.db.select().from(cmsCustomForm).where(eq(cmsCustomForm.formId, formId));
    // The theme's template and formHtml (kept for pipes without a template) print the same markup.
    expect(html).toBe(formHtml(await markupOf(ts.database.db, row!)));
    expect(html).toContain('<label for="cf-contact-name">&lt;script&gt;alert(1)&lt;/script&gt; Name <span aria-hidden="true">*</span></label> <input id="cf-contact-name" name="data.name" type="text" required maxlength="20">');
    expect(html).not.toContain('<script');
    expect(html).toContain('<fieldset class="cf-field"><legend>Agree <span aria-hidden="true">*</span></legend><label><input id="cf-contact-agree-0" name="data.agree" type="radio" value="Y">');
    expect(html).toContain('<textarea id="cf-contact-message" name="data.message" maxlength="200"></textarea>');
    expect(html).toContain('<input id="cf-contact-photo" name="data.photo" type="file" accept="image/*">');
    expect(html).toContain(`data-captcha="/api/customform/captcha?siteId=${siteId}&amp;formId=${formId}"`);
    expect(html).toContain('aria-label="Contact &amp; more"');
    expect(html).toContain('<p><button type="submit">Send &lt;now&gt;</button></p></form>');
    expect(published('m', 'include/customform/contact.shtml')).toBe(html);
  });

  it('publishes a custom template in one pipe with its own output; the tag prints that pipe\'s', async () => {
    await writeTemplates(ts, site(), {
      [MINE]: '<div class="mine" data-form="{{ form.formId }}">{{ form.name }}|{% for f in form.fields %}[{{ f.label }}]{% endfor %}|{{ form.submitText }}</div>',
      'index.template.html': '<main>{% cms_custom_form code: \'contact\' %}</main>',
    }, 'm');
    await writeTemplates(ts, site(), { 'index.template.html': '<main>{% cms_custom_form code: \'contact\' %}</main>' });
    await ok('PUT', '/cms/customform', { formId, name: 'Contact & more', code: 'contact', templates: { pc: DEFAULT_FORM_TEMPLATE, m: MINE } });
    await ok('POST', '/cms/customform/publish', [formId]);
    const mine = published('m', 'include/customform/contact.shtml');
    expect(mine).toBe(`<div class="mine" data-form="${formId}">Contact &amp; more|[&lt;script&gt;alert(1)&lt;/script&gt; Name][Agree][Topics][Kind][Message][Age][Day][Photo][Notify]|Send &lt;now&gt;</div>`);
    expect(published('pc', 'include/customform/contact.shtml')).toContain('<form class="cms-custom-form"');
    await ok('POST', '/cms/site/publish', { siteId });
    await drainQueue(ts.server.services);
    expect(published('m', 'index.shtml')).toContain(`<main>${mine}</main>`);
    expect(published('pc', 'index.shtml')).toBe(`<main>${published('pc', 'include/customform/contact.shtml')}</main>`);
  });

  it('refuses to publish when a pipe\'s template fails, naming the form and the pipe, and leaves the form as it was', async () => {
    await ok('POST', '/cms/customform/offline', [formId]);
    await writeTemplates(ts, site(), { [MINE]: '{{ form.name | no_such_filter }}' }, 'm');
    const r = await call('POST', '/cms/customform/publish', [formId]);
    expect(r.msg).toMatch(/^The form "contact" could not be published in the pipe "m": /);
    expect((await ok('GET', `/cms/customform/${formId}`)).status).toBe('0');
  });

  it('prints the built-in markup in a pipe the form has no template for', async () => {
    await ok('PUT', '/cms/customform', { formId, name: 'Contact & more', code: 'contact', templates: { pc: DEFAULT_FORM_TEMPLATE } });
    const stored = await ok('GET', `/cms/customform/${formId}`);
    expect(stored.templates).toEqual({ pc: DEFAULT_FORM_TEMPLATE });
    await ok('POST', '/cms/customform/publish', [formId]);
    expect(published('m', 'include/customform/contact.shtml')).toBe(published('pc', 'include/customform/contact.shtml'));
  });
});
