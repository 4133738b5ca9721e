import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { sysDictType, sysUser } from '../../server/modules/system/schema.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import shellZhCN from '../../src/lib/i18n/locales/zh-CN/shell.ts';
import resourceZhCN from '../../src/lib/i18n/locales/zh-CN/resource.ts';

// Dictionaries end to end: the type list links each type to its data route
// (/admin/system/dict-data/index/<id>, gated by system:dict:view), whose screen is fixed to that
// type; and the notice screen's rich-text editor, downloaded only by that screen.
// SCREENSHOTS=<dir> also saves each of these system screens for a look.

let h: Harness;
let typeId = 0;
const shots = process.env.SCREENSHOTS;
const R = resourceZhCN;
const rowOf = (text: string) => h.page.locator('.resource-table tbody tr', { hasText: text });
const toolbar = () => h.page.locator('.table-toolbar-actions');
const dialog = () => h.page.locator('.resource-dialog');

async function shot(name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await h.page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function open(path: string) {
  await h.page.goto(h.url(path));
  await h.page.addStyleTag({ content: '.p-dialog-mask:has(.password-demand-dialog){display:none!important}' });
}

async function signInAs(userName: string) {
  await h.reset();
  const code = await h.openLogin();
  await h.submitLogin({ username: userName, password: 'Secret123', code });
  await h.page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

beforeAll(async () => {
  h = await startHarness();
  const db = h.server.database.db;
  await createUser(db, 'dictadmin', { roles: ['admin'] });
  await createUser(db, 'dictnobody', { roles: ['dict_nobody'] });
  await db.update(sysUser).set({ passwordModifyTime: new Date() }).where(eq(sysUser.userName, 'dictadmin'));
  await db.update(sysUser).set({ passwordModifyTime: new Date() }).where(eq(sysUser.userName, 'dictnobody'));
  const [row] = await db.insert(sysDictType).values({ dictName: '质检等级', dictType: 'qa_level' }).returning({ id: sysDictType.dictId });
  typeId = row!.id;
  await signInAs('dictadmin');
});
afterAll(async () => {
  await h?.close();
});

describe('dictionaries', () => {
  it('opens a type from the list, adds a value to it and sees it in its list', async () => {
    await open('/admin/system/dict');
    await h.page.locator('.resource-table tbody tr').first().waitFor();
    await shot('dict-types');
    await h.page.fill('#search-dictType', 'qa_level');
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.search, exact: true }).click();
    const link = h.page.getByTestId(`dict-type-link-${typeId}`);
    await link.waitFor();
    const list = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/dict/data/list?') && r.url().includes('dictType=qa_level'));
    await link.click();
    await h.page.waitForURL((u) => u.pathname === `/admin/system/dict-data/index/${typeId}`);
    expect((await (await list).json()).data.total).toBe(0);
    expect(await h.page.locator('.shell-tag .shell-tag-title').allTextContents()).toContain(shellZhCN.route.dictData);
    await h.page.addStyleTag({ content: '.p-dialog-mask:has(.password-demand-dialog){display:none!important}' });
    // The search form has no dictType: the screen is fixed to the route's type.
    await h.page.getByTestId('resource-search').waitFor();
    expect(await h.page.locator('#search-dictType').count()).toBe(0);

    await toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await dialog().waitFor();
    expect(await h.page.inputValue('#field-dictType')).toBe('qa_level');
    await h.page.fill('#field-dictLabel', '优秀');
    await h.page.fill('#field-dictValue', 'A');
    await dialog().locator('.p-dropdown:has(#field-listClass)').click();
    await h.page.locator('.p-dropdown-panel li', { hasText: 'success' }).click();
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/dict/data') && r.request().method() === 'POST');
    await dialog().getByRole('button', { name: R.submit }).click();
    const reply = await saved;
    expect(reply.request().postDataJSON()).toMatchObject({ dictType: 'qa_level', dictLabel: '优秀', dictValue: 'A', listClass: 'success' });
    expect((await reply.json()).code).toBe(200);
    await rowOf('优秀').waitFor();
    // listClass previews the value as its tag
    expect(await rowOf('优秀').locator('.dict-class-cell .p-tag.p-tag-success').textContent()).toBe('优秀');
    await shot('dict-data');
  });

  it('switches to another type through the switcher', async () => {
    await open(`/admin/system/dict-data/index/${typeId}`);
    await rowOf('优秀').waitFor();
    await h.page.locator('.p-dropdown:has(#dict-type-switch)').click();
    await h.page.locator('.p-dropdown-panel li', { hasText: '(YesOrNo)' }).click();
    await h.page.waitForURL((u) => /\/admin\/system\/dict-data\/index\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${typeId}`));
    await rowOf('Y').first().waitFor();
    expect(await rowOf('优秀').count()).toBe(0);
  });

  it('loads the rich-text editor on the notice screen only', async () => {
    const editorChunks: string[] = [];
    h.page.on('request', (r) => {
      if (/RichEditorImpl|quill/i.test(r.url())) editorChunks.push(r.url());
    });
    await open('/admin/system/post');
    await h.page.locator('.resource-table tbody tr').first().waitFor();
    await toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await dialog().waitFor();
    expect(editorChunks).toEqual([]);

    await open('/admin/system/notice');
    await h.page.locator('.resource-table tbody tr').first().waitFor();
    await shot('notice');
    expect(editorChunks).toEqual([]);
    await toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await dialog().locator('.ql-editor').waitFor();
    expect(editorChunks.length).toBeGreaterThan(0);
    await dialog().locator('.ql-editor').fill('维护通知正文');
    await h.page.fill('#field-noticeTitle', '系统维护');
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/notice') && r.request().method() === 'POST');
    await shot('notice-editor');
    await dialog().getByRole('button', { name: R.submit }).click();
    const reply = await saved;
    expect(reply.request().postDataJSON().noticeContent).toContain('维护通知正文');
    expect((await reply.json()).code).toBe(200);
    await rowOf('系统维护').waitFor();
  });

  it('shows the i18n texts and the IP rules', async () => {
    await open('/admin/system/i18n/dict');
    await h.page.locator('.resource-table tbody tr').first().waitFor();
    await toolbar().getByRole('button', { name: '刷新缓存' }).waitFor();
    await shot('i18n-dict');
    await open('/admin/system/iprule');
    await h.page.getByTestId('resource-search').waitFor();
    await toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await dialog().waitFor();
    await dialog().getByText('拒绝').waitFor();
    await dialog().getByText('允许').waitFor();
    await h.page.fill('#field-ip', '203.0.113.0/24');
    // The expiry through the date-time picker's panel (opened by its button): its "now" button,
    // then a click outside closes it.
    await dialog().locator('.p-calendar:has(#field-expireTime) .p-datepicker-trigger').click();
    await h.page.locator('.p-datepicker-buttonbar button').first().click();
    await h.page.mouse.click(5, 400);
    await h.page.locator('.p-datepicker').waitFor({ state: 'detached' });
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/iprule') && r.request().method() === 'POST');
    await dialog().getByRole('button', { name: R.submit }).click();
    const ipReply = await saved;
    expect(ipReply.request().postDataJSON().expireTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await ipReply.json()).code).toBe(200);
    await rowOf('203.0.113.0/24').waitFor();
    expect(await rowOf('203.0.113.0/24').textContent()).toContain('拒绝');
    // created and expiring today: two date-times in the row
    expect((await rowOf('203.0.113.0/24').textContent())?.match(/\d{4}-\d\d-\d\d \d\d:\d\d/g)?.length).toBe(2);
    await shot('iprule');
  });

  it('sends a user without system:dict:view to 401 from the data route', async () => {
    await signInAs('dictnobody');
    await h.page.goto(h.url(`/admin/system/dict-data/index/${typeId}`));
    await h.page.waitForURL((u) => u.pathname === '/admin/401');
  });
});
