import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsCustomForm, cmsCustomFormData } from './schema.ts';

// A published custom form as a reader meets it (issue 29 part 4): a plain HTML form posted to the
// sites' own origin without script, answered with a page in the reader's language; JSON for a
// script; the daily limit holding under a burst of parallel submissions.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
let siteId = 0;
let formId = 0;

async function ok(method: string, path: string, body?: unknown, lang = 'en') {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

/** A browser's post of the published form: urlencoded, no script, from the form's page. */
function post(fields: Record<string, string | string[]>, o: { lang?: string; accept?: string; ip?: string; ids?: { siteId: number; formId: number } } = {}) {
  const params = new URLSearchParams({ siteId: String(o.ids?.siteId ?? siteId), formId: String(o.ids?.formId ?? formId) });
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) params.append(`data.${k}`, one);
  return ts.server.sites.inject({
    method: 'POST', url: '/api/customform/submit', payload: params.toString(), remoteAddress: o.ip ?? '198.51.100.7',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': o.lang ?? 'en', accept: o.accept ?? 'text/html,application/xhtml+xml', host: 'sites.test', referer: 'http://sites.test/forms/contact.shtml' },
  });
}
/** A multipart post (the markup's enctype): text fields, then files as [field, file name, bytes]. */
function multipart(fields: [string, string][], files: [string, string, Buffer][] = [], headers: Record<string, string> = {}) {
  const boundary = '----cf';
  const chunks: Buffer[] = fields.map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, name, bytes] of files) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en', ...headers } });
}
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const stored = () => ts.database.db.select().from(cmsCustomFormData).where(eq(cmsCustomFormData.formId, formId));
const setForm = (v: Partial<typeof cmsCustomForm.$inferInsert>) => ts.database.db.update(cmsCustomForm).set(v).where(eq(cmsCustomForm.formId, formId));
const valid = { name: 'Ann', email: 'ann@example.com', topic: 'Y', message: '<p>Hello</p>' };

describe('a published custom form on the sites\' origin', () => {
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Forms', path: 'pubforms' } })).data.siteId;
    const modelId = (await ok('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
    for (const f of [
      { label: 'Name', code: 'name', fieldType: 'text', required: 'Y', maxLength: 20 },
      { label: 'Email', code: 'email', fieldType: 'text', required: 'Y', pattern: '[^@\\s]+@[^@\\s]+' },
      { label: 'Topic', code: 'topic', fieldType: 'checkbox', dictType: 'YesOrNo' },
      { label: 'Message', code: 'message', fieldType: 'richtext', maxLength: 200 },
      { label: 'Attachment', code: 'file', fieldType: 'file' },
    ]) await ok('POST', '/xmodel/field', { ...f, modelId });
    formId = (await ok('POST', '/cms/customform', { name: 'Contact us', code: 'contact', modelId }, 'zh-TW')).formId;
    await ok('POST', '/cms/customform/publish', [formId]);
  });

  it('gives the button the words of the site (default: "Submit" in the saver\'s language) and posts to its own origin without script', async () => {
    expect((await ok('GET', `/cms/customform/${formId}`)).submitText).toBe('送出');
    await ok('PUT', '/cms/customform', { formId, name: 'Contact us', code: 'contact', modelId: (await ok('GET', `/cms/customform/${formId}`)).modelId, submitText: 'Send <it>' });
    await ok('POST', '/cms/customform/publish', [formId]);
    const page = await ts.server.sites.inject({ method: 'GET', url: '/pubforms/include/customform/contact.shtml' });
    expect(page.body).toContain('<form class="cms-custom-form" method="post" action="/api/customform/submit" enctype="multipart/form-data"');
    expect(page.body).toContain('<button type="submit">Send &lt;it&gt;</button>');
    expect(page.body).not.toContain('prod-api');
  });

  it('stores a browser\'s urlencoded post and answers a thanks page in the reader\'s language', async () => {
    const r = await post({ ...valid, topic: ['Y', 'N'] }, { lang: 'zh-CN' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.body).toContain('<html lang="zh-CN">');
    expect(r.body).toContain('感谢您的提交，我们已收到。');
    expect(r.body).toContain('<a href="http://sites.test/forms/contact.shtml">返回页面</a>');
    const [row] = await stored();
    expect(row).toMatchObject({ siteId, values: { name: 'Ann', email: 'ann@example.com', topic: ['Y', 'N'], message: '<p>Hello</p>' }, ip: '198.51.100.7' });
    expect((await post(valid, { lang: 'zh-TW' })).body).toContain('感謝您的填寫');
  });

  it('takes a multipart post (the markup\'s enctype) and answers JSON to a caller asking for it', async () => {
    const boundary = '----cf';
    const parts = [['siteId', String(siteId)], ['formId', String(formId)], ['data.name', 'Bo'], ['data.email', 'bo@example.com'], ['data.message', '<p>Hi</p>']];
    const payload = parts.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')
      + `--${boundary}\r\nContent-Disposition: form-data; name="data.file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const r = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' } });
    expect(r.json()).toMatchObject({ code: 200, data: { entryId: expect.any(Number) } });
    const json = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: { siteId, formId, data: { ...valid, name: '' } }, headers: { accept: 'application/json', 'accept-language': 'en' } });
    expect(json.json()).toMatchObject({ code: 500, msg: 'Name cannot be empty' });
    // A body nested too deep, or not JSON at all: refused in the reader's terms, nothing stored.
    const deep = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`, headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'en' } });
    expect(deep.json().code).toBe(500);
    expect(deep.json().msg).toMatch(/nested/i);
    const broken = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: '{"siteId":', headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toMatch(/^text\/html/);
  });

  it('refuses a broken post naming every field, escaped, with a link back to the form, and stores nothing', async () => {
    const before = (await stored()).length;
    const r = await post({ name: '', email: 'nope', topic: '<b>Z</b>' });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('<h1>The form was not sent</h1>');
    expect(r.body).toContain('<li>Name cannot be empty</li>');
    expect(r.body).toContain('<li>Email does not match the format it requires</li>');
    expect(r.body).toContain('Topic: &quot;&lt;b&gt;Z&lt;/b&gt;&quot; is not one of its choices');
    expect(r.body).not.toContain('<b>Z</b>');
    expect(r.body).toContain('<a href="http://sites.test/forms/contact.shtml">Back to the form</a>');
    // A file that is not what its name says, or of a type the field does not take: refused by the field's name.
    const ids: [string, string][] = [['siteId', String(siteId)], ['formId', String(formId)], ['data.name', 'Bo'], ['data.email', 'bo@example.com']];
    expect((await multipart(ids, [['data.file', 'a.html', Buffer.from('<script>x</script>')]])).body).toContain('Attachment: only these files are accepted: ');
    expect((await multipart(ids, [['data.file', 'a.png', Buffer.from('<html><script>x</script></html>')]])).body).toContain('Attachment: the file&#39;s content is not what a .png file holds');
    expect((await multipart(ids, [['data.file', 'big.pdf', Buffer.alloc(6 * 1024 * 1024, 1)]])).body).toContain('The request body is larger than the server accepts');
    expect((await stored()).length).toBe(before);
  });

  it('takes a file sniffed by its bytes into the site\'s storage, linked from the entry', async () => {
    const r = await multipart([['siteId', String(siteId)], ['formId', String(formId)], ['data.name', 'Cy'], ['data.email', 'cy@example.com']], [['data.file', 'photo.png', PNG]], { accept: 'application/json' });
    expect(r.json().code, r.body).toBe(200);
    const detail = await ok('GET', `/cms/customform/data/detail?formId=${formId}&dataId=${r.json().data.entryId}`);
    expect(detail.values.file).toMatch(/^\/pubforms\/resources\/image\/\d{4}\/\d{2}\/\d{2}\/\d{15}\.png$/);
    // The console reads it below the API, with our own type and a policy that runs nothing.
    const file = await ts.server.app.inject({ method: 'GET', url: `/prod-api${detail.values.file}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps a script inert: rich text sanitized, plain text stored as text', async () => {
    const r = await post({ ...valid, name: '<script>x</script>', message: '<p onclick="steal()">Hi<script>alert(1)</script></p>' }, { accept: 'application/json' });
    const [row] = await ts.database.db.select().from(cmsCustomFormData).where(eq(cmsCustomFormData.entryId, r.json().data.entryId));
    expect(row!.values).toMatchObject({ name: '<script>x</script>', message: '<p>Hi</p>' });
  });

  it('refuses a closed, unpublished or another site\'s form, and reads no console session', async () => {
    await setForm({ closeTime: new Date(Date.now() - 1000) });
    expect((await post(valid)).body).toContain('The form is closed for submissions');
    await setForm({ closeTime: null });
    await ok('POST', '/cms/customform/offline', [formId]);
    const off = await post(valid, { lang: 'zh-TW' });
    expect(off.statusCode).toBe(400);
    expect(off.body).toContain('表單不存在或未發布');
    expect((await post(valid, { ids: { siteId: 1, formId } })).body).toContain('The form does not exist or is not published');
    await ok('POST', '/cms/customform/publish', [formId]);
    // A console token sent along changes nothing (it is not read): the reader's post is stored as any other.
    const withToken = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: { siteId, formId, data: valid }, headers: { accept: 'application/json', authorization: 'Bearer nonsense' } });
    expect(withToken.json().code).toBe(200);
  });

  // 40 at once: without the row lock, PostgreSQL (DATABASE_URL) stores about twice the limit; PGlite runs one query at a time.
  it('holds the daily limit per address under parallel submissions, on both servers at once', async () => {
    await setForm({ dailyLimit: 3 });
    const ip = '203.0.113.50';
    const sites = Array.from({ length: 30 }, () => post(valid, { ip, accept: 'application/json' }).then((r) => r.json().code as number));
    const api = Array.from({ length: 10 }, () => ts.server.app.inject({ method: 'POST', url: '/prod-api/api/customform/submit', remoteAddress: ip, payload: { siteId, formId, data: valid } }).then((r) => r.json().code as number));
    const codes = await Promise.all([...sites, ...api]);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    const mine = await ts.database.db.select().from(cmsCustomFormData).where(and(eq(cmsCustomFormData.formId, formId), eq(cmsCustomFormData.ip, ip)));
    expect(mine).toHaveLength(3);
    const over = await post(valid, { ip });
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('You have reached today&#39;s limit of 3 submissions');
    await setForm({ dailyLimit: 0 });
  });
});
