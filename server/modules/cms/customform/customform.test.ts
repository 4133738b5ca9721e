import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { sysCaptcha } from '../../auth/schema.ts';
import { cmsCustomForm, cmsCustomFormData } from './schema.ts';

// Custom forms (issue 29 part 4): a reader submits a published form of a site without any console
// session; every refusal is localized and names the field; the console lists, exports and deletes
// the entries of its own site's forms only.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
let siteId = 0;
let otherSiteId = 0;

async function call(method: string, path: string, body?: unknown, opts: { token?: string; site?: number; lang?: string } = {}) {
  return ts.api(method, path, { token: opts.token ?? ts.admin, body, headers: { ...H, 'accept-language': opts.lang ?? 'en', CurrentSite: String(opts.site ?? siteId) } });
}
async function ok(method: string, path: string, body?: unknown, opts: { token?: string; site?: number } = {}) {
  const r = await call(method, path, body, opts);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
/** A reader's call: no token, no console headers. */
const reader = (body: unknown, lang = 'en') => ts.api('POST', '/api/customform/submit', { body, headers: { 'accept-language': lang } });

describe('custom forms', () => {
  let formId = 0;
  let modelId = 0;
  const submit = (data: Record<string, unknown>, extra: Record<string, unknown> = {}, lang = 'en') => reader({ siteId, formId, data, ...extra }, lang);
  const valid = { name: 'Ann', email: 'ann@example.com', topic: 'Y', message: '<p>Hello</p>' };

  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Forms', path: 'forms' } })).data.siteId;
    otherSiteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Else', path: 'else' } })).data.siteId;
    modelId = (await ok('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
  });

  it('adds a form on a form model of the current site only, offline until published; a model without fields is not published', async () => {
    const contentModel = (await ok('POST', '/cms/exmodel', { name: 'Not a form', code: 'notform', bindTo: 'content' })).modelId;
    expect((await call('POST', '/cms/customform', { name: 'Wrong', code: 'wrong', modelId: contentModel })).msg).toBe('The record does not exist or is out of your reach');
    const theirs = (await ok('POST', '/cms/exmodel', { name: 'Theirs', code: 'theirs', bindTo: 'form' }, { site: otherSiteId })).modelId;
    expect((await call('POST', '/cms/customform', { name: 'Forged', code: 'forged', modelId: theirs })).code).toBe(500);
    formId = (await ok('POST', '/cms/customform', { name: 'Contact us', code: 'contact', modelId, status: '1' })).formId;
    expect((await ok('GET', `/cms/customform/${formId}`)).status).toBe('0');
    expect((await submit(valid)).msg).toBe('The form does not exist or is not published');
    expect((await call('POST', '/cms/customform/publish', [formId])).msg).toBe('The form\'s model has no fields: it cannot be published');
    for (const f of [
      { label: 'Name', code: 'name', fieldType: 'text', required: 'Y', maxLength: 20 },
      { label: 'Email', code: 'email', fieldType: 'text', required: 'Y', pattern: '[^@\\s]+@[^@\\s]+' },
      { label: 'Topic', code: 'topic', fieldType: 'select', dictType: 'YesOrNo' },
      { label: 'Message', code: 'message', fieldType: 'richtext', maxLength: 200 },
      { label: 'Attachment', code: 'file', fieldType: 'file' },
    ]) await ok('POST', '/xmodel/field', { ...f, modelId });
    await ok('POST', '/cms/customform/publish', [formId]);
    // Another site's console cannot publish or read this form.
    expect((await call('POST', '/cms/customform/offline', [formId], { site: otherSiteId })).code).toBe(500);
    expect((await call('GET', `/cms/customform/data/list?formId=${formId}`, undefined, { site: otherSiteId })).code).toBe(500);
  });

  it('stores a valid submission from a reader without a session', async () => {
    const r = await submit(valid);
    expect(r.code, r.msg).toBe(200);
    const [row] = await ts.database.db.select().from(cmsCustomFormData).where(eq(cmsCustomFormData.entryId, r.data.entryId));
    expect(row).toMatchObject({ siteId, formId, values: { name: 'Ann', email: 'ann@example.com', topic: 'Y', message: '<p>Hello</p>', file: null } });
  });

  it('refuses every broken rule naming the field, in the reader\'s language, and stores nothing', async () => {
    const before = (await ts.database.db.select().from(cmsCustomFormData)).length;
    expect((await submit({ ...valid, name: '' })).msg).toBe('Name cannot be empty');
    expect((await submit({ ...valid, name: '' }, {}, 'zh-CN')).msg).toBe('Name不能为空');
    expect((await submit({ ...valid, name: 'x'.repeat(21) })).msg).toBe('Name cannot exceed 20 characters');
    expect((await submit({ ...valid, email: 'nope' })).msg).toBe('Email does not match the format it requires');
    expect((await submit({ ...valid, topic: 'Z' })).msg).toBe('Topic: "Z" is not one of its choices');
    expect((await submit({ ...valid, topic: ['Y'] })).msg).toBe('Topic: "Y" is not one of its choices');
    expect((await submit({ ...valid, message: `<p>${'x'.repeat(300)}</p>` })).msg).toBe('Message cannot exceed 200 characters');
    expect((await submit({ ...valid, name: { $ne: 1 } })).msg).toBe('Name is not in a valid format');
    expect((await submit({ ...valid, file: 'data:text/html;base64,PHNjcmlwdD4=' })).msg).toBe('Attachment: a file must be uploaded with the form (multipart), not named in it');
    // Another site's id with this form's id, an unknown form: not found, nothing revealed.
    expect((await reader({ siteId: otherSiteId, formId, data: valid })).msg).toBe('The form does not exist or is not published');
    expect((await reader({ siteId, formId: 99999999, data: valid })).msg).toBe('The form does not exist or is not published');
    expect((await ts.database.db.select().from(cmsCustomFormData)).length).toBe(before);
  });

  it('keeps a submitted script inert: rich text sanitized, plain text stored as text', async () => {
    const r = await submit({ ...valid, name: '<script>x</script>', message: '<p onclick="steal()">Hi<script>alert(document.cookie)</script><img src=x onerror=alert(1)></p>' });
    expect(r.code, r.msg).toBe(200);
    const [row] = await ts.database.db.select().from(cmsCustomFormData).where(eq(cmsCustomFormData.entryId, r.data.entryId));
    expect(row!.values.message).toBe('<p>Hi<img src="x" /></p>');
    expect(row!.values.message).not.toMatch(/script|onerror|onclick/);
    // Plain text is kept as typed; the console shows it as text (never as HTML).
    expect(row!.values.name).toBe('<script>x</script>');
  });

  it('refuses past the daily limit per address, outside its dates, members-only, and without the captcha', async () => {
    const set = (v: Partial<typeof cmsCustomForm.$inferInsert>) => ts.database.db.update(cmsCustomForm).set(v).where(eq(cmsCustomForm.formId, formId));
    await set({ dailyLimit: 2 });
    expect((await submit(valid)).msg).toBe('You have reached today\'s limit of 2 submissions');
    expect((await submit(valid, {}, 'zh-TW')).msg).toBe('您今天送出的次數已達上限（2 次）');
    await set({ dailyLimit: 0, closeTime: new Date(Date.now() - 1000) });
    expect((await submit(valid)).msg).toBe('The form is closed for submissions');
    await set({ closeTime: null, openTime: new Date(Date.now() + 3_600_000) });
    expect((await submit(valid)).msg).toBe('The form is not open for submissions yet');
    await set({ openTime: null, submitters: 'members' });
    expect((await submit(valid)).msg).toBe('Only members may submit this form, and this site has no members yet');
    await set({ submitters: 'anyone', needCaptcha: 'Y' });
    expect((await submit(valid)).msg).toBe('The captcha is wrong or has expired');
    const captcha = (await ts.api('GET', `/api/customform/captcha?siteId=${siteId}&formId=${formId}`)).data;
    expect((await submit(valid, { uuid: captcha.uuid, code: 'wrong' })).msg).toBe('The captcha is wrong or has expired');
    // One guess per image: the wrong answer spent it, so its right answer is refused now too.
    expect(await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, captcha.uuid))).toEqual([]);
    const again = (await ts.api('GET', `/api/customform/captcha?siteId=${siteId}&formId=${formId}`)).data;
    const [stored] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, again.uuid));
    expect((await submit(valid, { uuid: again.uuid, code: stored!.code })).code).toBe(200);
    await set({ needCaptcha: 'N' });
    await ok('POST', '/cms/customform/offline', [formId]);
    expect((await submit(valid)).msg).toBe('The form does not exist or is not published');
    await ok('POST', '/cms/customform/publish', [formId]);
    expect((await call('DELETE', '/cms/customform', [formId])).msg).toBe('The form "Contact us" is published: take it offline before deleting it');
  });

  it('lists, searches, shows, exports and deletes the entries of the site\'s own form', async () => {
    const list = await ok('GET', `/cms/customform/data/list?formId=${formId}`);
    expect(list.total).toBe(3);
    expect((await ok('GET', '/cms/customform/data/list')).rows).toEqual([]);
    expect(list.fields.map((f: { code: string }) => f.code)).toEqual(['name', 'email', 'topic', 'message', 'file']);
    const scripted = (await ok('GET', `/cms/customform/data/list?formId=${formId}&query=script`)).rows;
    expect(scripted.map((r: { values: { name: string } }) => r.values.name)).toEqual(['<script>x</script>']);
    const detail = await ok('GET', `/cms/customform/data/detail?formId=${formId}&dataId=${scripted[0].entryId}`);
    expect(detail.values.message).toBe('<p>Hi<img src="x" /></p>');
    const xlsx = await ts.server.app.inject({ method: 'POST', url: `/prod-api/cms/customform/data/export?formId=${formId}`, headers: { Authorization: `Bearer ${ts.admin}`, CurrentSite: String(siteId), ...H } });
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Another site's console: not found; an entry of this form named under another form: not found.
    expect((await call('GET', `/cms/customform/data/detail?formId=${formId}&dataId=${scripted[0].entryId}`, undefined, { site: otherSiteId })).code).toBe(500);
    expect((await call('POST', '/cms/customform/data/delete', { formId, ids: [scripted[0].entryId, 99999999] })).code).toBe(500);
    // Each row also carries its values as "Label: value" text lines: what the entries screen shows, as text.
    expect(scripted[0].text).toBe('Name: <script>x</script>\nEmail: ann@example.com\nTopic: Y\nMessage: <p>Hi<img src="x" /></p>');
    await ok('POST', '/cms/customform/data/delete', { formId, ids: [scripted[0].entryId] });
    expect((await ok('GET', `/cms/customform/data/list?formId=${formId}`)).total).toBe(2);
    // The entries screen's own paths: the export on the list path (filters form-encoded), the delete by ids.
    const viaList = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/customform/data/list', payload: `formId=${formId}`, headers: { Authorization: `Bearer ${ts.admin}`, CurrentSite: String(siteId), 'content-type': 'application/x-www-form-urlencoded', 'cc-export': '1', ...H } });
    expect(viaList.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const left = (await ok('GET', `/cms/customform/data/list?formId=${formId}`)).rows.map((r: { entryId: number }) => r.entryId);
    expect((await call('DELETE', '/cms/customform/data', left, { site: otherSiteId })).code).toBe(500);
    await ok('DELETE', '/cms/customform/data', [left[0]]);
    expect((await ok('GET', `/cms/customform/data/list?formId=${formId}`)).total).toBe(1);
  });
});
