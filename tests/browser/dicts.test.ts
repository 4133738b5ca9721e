import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { sysDictType, sysUser } from '../../server/modules/system/schema.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import shellZhCN from '../../shared/i18n/locales/zh-CN/shell.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Dictionaries end to end: the type list links each type to its data route
// (/admin/system/dict-data/index/<id>, gated by system:dict:view), whose screen is fixed to that
// type; and the notice screen's rich-text editor, downloaded only by that screen.


const h = useHarness({ admin: 'dictadmin' });
let typeId = 0;
const R = resourceZhCN;

beforeAll(async () => {
  const db = h.server.database.db;
  await createUser(db, 'dictnobody', { roles: ['dict_nobody'] });
  await db.update(sysUser).set({ passwordModifyTime: new Date() }).where(eq(sysUser.userName, 'dictnobody'));
  const [row] = await db.insert(sysDictType).values({ dictName: '质检等级', dictType: 'qa_level' }).returning({ id: sysDictType.dictId });
  typeId = row!.id;
});

describe('dictionaries', () => {
  it('opens a type from the list, adds a value to it and sees it in its list', async () => {
    await h.openScreen('/admin/system/dict', TABLE_ROWS);
    await h.page.fill('#search-dictType', 'qa_level');
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.search, exact: true }).click();
    const link = h.page.getByTestId(`dict-type-link-${typeId}`);
    await link.waitFor();
    const list = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/dict/data/list?') && r.url().includes('dictType=qa_level'));
    await link.click();
    await h.page.waitForURL((u) => u.pathname === `/admin/system/dict-data/index/${typeId}`);
    expect((await (await list).json()).data.total).toBe(0);
    expect(await h.page.locator('.shell-tag .shell-tag-title').allTextContents()).toContain(shellZhCN.route.dictData);
    await h.hideDemand();
    // The search form has no dictType: the screen is fixed to the route's type.
    await h.page.getByTestId('resource-search').waitFor();
    expect(await h.page.locator('#search-dictType').count()).toBe(0);

    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    expect(await h.page.inputValue('#field-dictType')).toBe('qa_level');
    await h.page.fill('#field-dictLabel', '优秀');
    await h.page.fill('#field-dictValue', 'A');
    await h.dialog().locator('.p-dropdown:has(#field-listClass)').click();
    await h.page.locator('.p-dropdown-panel li', { hasText: 'success' }).click();
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/dict/data') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const reply = await saved;
    expect(reply.request().postDataJSON()).toMatchObject({ dictType: 'qa_level', dictLabel: '优秀', dictValue: 'A', listClass: 'success' });
    expect((await reply.json()).code).toBe(200);
    await h.rowOf('优秀').waitFor();
    // listClass previews the value as its tag
    expect(await h.rowOf('优秀').locator('.dict-class-cell .p-tag.p-tag-success').textContent()).toBe('优秀');
  });

  it('switches to another type through the switcher', async () => {
    await h.openScreen(`/admin/system/dict-data/index/${typeId}`);
    await h.rowOf('优秀').waitFor();
    await h.page.locator('.p-dropdown:has(#dict-type-switch)').click();
    await h.page.locator('.p-dropdown-panel li', { hasText: '(YesOrNo)' }).click();
    await h.page.waitForURL((u) => /\/admin\/system\/dict-data\/index\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${typeId}`));
    await h.rowOf('Y').first().waitFor();
    expect(await h.rowOf('优秀').count()).toBe(0);
  });

  it('loads the rich-text editor on the notice screen only', async () => {
    const editorChunks: string[] = [];
    h.page.on('request', (r) => {
      if (/RichEditorImpl|quill/i.test(r.url())) editorChunks.push(r.url());
    });
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    expect(editorChunks).toEqual([]);

    await h.openScreen('/admin/system/notice', TABLE_ROWS);
    expect(editorChunks).toEqual([]);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().locator('.ql-editor').waitFor();
    expect(editorChunks.length).toBeGreaterThan(0);
    await h.dialog().locator('.ql-editor').fill('维护通知正文');
    await h.page.fill('#field-noticeTitle', '系统维护');
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/notice') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const reply = await saved;
    expect(reply.request().postDataJSON().noticeContent).toContain('维护通知正文');
    expect((await reply.json()).code).toBe(200);
    await h.rowOf('系统维护').waitFor();
  });

  it('shows the i18n texts and the IP rules', async () => {
    await h.openScreen('/admin/system/i18n/dict', TABLE_ROWS);
    await h.toolbar().getByRole('button', { name: '刷新缓存' }).waitFor();
    await h.openScreen('/admin/system/iprule');
    await h.page.getByTestId('resource-search').waitFor();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.dialog().getByText('拒绝').waitFor();
    await h.dialog().getByText('允许').waitFor();
    await h.page.fill('#field-ip', '203.0.113.0/24');
    // The expiry through the date-time picker's panel (opened by its button): its "now" button,
    // then a click outside closes it.
    await h.dialog().locator('.p-calendar:has(#field-expireTime) .p-datepicker-trigger').click();
    await h.page.locator('.p-datepicker-buttonbar button').first().click();
    await h.page.mouse.click(5, 400);
    await h.page.locator('.p-datepicker').waitFor({ state: 'detached' });
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/iprule') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const ipReply = await saved;
    expect(ipReply.request().postDataJSON().expireTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await ipReply.json()).code).toBe(200);
    await h.rowOf('203.0.113.0/24').waitFor();
    expect(await h.rowOf('203.0.113.0/24').textContent()).toContain('拒绝');
    // created and expiring today: two date-times in the row
    expect((await h.rowOf('203.0.113.0/24').textContent())?.match(/\d{4}-\d\d-\d\d \d\d:\d\d/g)?.length).toBe(2);
  });

  it('sends a user without system:dict:view to 401 from the data route', async () => {
    await h.signInAs('dictnobody', 'Secret123');
    await h.page.goto(h.url(`/admin/system/dict-data/index/${typeId}`));
    await h.page.waitForURL((u) => u.pathname === '/admin/401');
    expect(new URL(h.page.url()).pathname).toBe('/admin/401');
  });
});
