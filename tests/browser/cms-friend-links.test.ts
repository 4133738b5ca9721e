import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId } from './cms-api.ts';
import { multipartBody } from '../../server/modules/common/test-multipart.ts';
import { png } from '../../server/modules/cms/resource/test-files.ts';
import { linkGroupResource } from '../../shared/resources/cms/link-group.ts';
import { linkResource } from '../../shared/resources/cms/link.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';

// The Friend Link screen, drawn from the friend-link definitions alone: the groups (list, search,
// add, edit, delete), a group's links opened from its row (add with a refused address, edit,
// delete), the links screen naming its group with a way back, a library logo as a thumbnail and
// the address as a link, and its texts in the three languages.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts).

// The logo's upload lands in a folder of this run, not the work tree's ./data.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-links-'));
const h = useHarness({ admin: 'linkadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
const R = resourceZhCN;
const G = linkGroupResource.texts!;
const L = linkResource.texts!;

const openGroups = async () => h.openScreen('/admin/operations/link', '.resource-table');
const ok = () => h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
const saved = (path: string, method: string) => h.page.waitForResponse((r) => r.url().endsWith(`/prod-api${path}`) && r.request().method() === method);
const caption = () => h.page.getByTestId('resource-caption');
/** The thumbnail in a row, once it has loaded: its natural width (0 when the picture did not load). */
const thumbnailWidth = (row: string) => h.rowOf(row).locator('img.resource-cell-image').evaluate(async (img: HTMLImageElement) => {
  if (!img.complete) await new Promise((done) => { img.onload = img.onerror = done; });
  return img.naturalWidth;
});

/** A group "Sponsors" with a link whose logo is a picture of the site's library, and one without a logo; its id. */
async function groupWithLogo(): Promise<number> {
  const api = await cmsApi(h, 'linkadmin', 'Secret123');
  const mp = multipartBody('file', 'castanea-logo.png', await png(96, 32, '#2f7d4f'));
  const res = await h.server.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', headers: { ...mp.headers, authorization: `Bearer ${api.token}`, repeatsubmit: 'false', currentsite: String(await demoSiteId(h)) }, payload: mp.payload });
  const logo = res.json().data as { src: string };
  const { linkGroupId } = await api.ok('POST', '/cms/link_group', { name: '赞助商', code: 'sponsors', sortFlag: 9 });
  await api.ok('POST', '/cms/link', { groupId: linkGroupId, name: 'Castanea', url: 'https://castanea.example/', logo: logo.src, description: 'The console these links are kept in' });
  await api.ok('POST', '/cms/link', { groupId: linkGroupId, name: 'Acorn', url: 'http://acorn.example/home', sortFlag: 1 });
  return linkGroupId;
}
let sponsors = 0;
const openLinks = () => h.openScreen(`/admin/operations/link/list?groupId=${sponsors}`, '.resource-table tbody tr:has-text("Castanea")');

describe('the Friend Link screen', () => {
  it('adds, finds and edits groups, titled and labelled by the definition', async () => {
    await openGroups();
    expect(await h.page.title()).toContain(G.title['zh-CN']);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    expect(await h.dialog().textContent()).toContain(G.fields!.code!['zh-CN']);
    await h.page.fill('#field-name', '合作伙伴');
    await h.page.fill('#field-code', 'partners');
    const added = saved('/cms/link_group', 'POST');
    await ok();
    expect((await (await added).json()).code).toBe(200);
    await h.rowOf('partners').waitFor();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.page.fill('#field-name', '旧分组');
    await h.page.fill('#field-code', 'old');
    await ok();
    await h.rowOf('old').waitFor();

    await h.page.fill('#search-name', '合作');
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.search, exact: true }).click();
    await h.rowOf('old').waitFor({ state: 'detached' });
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.reset, exact: true }).click();
    await h.rowOf('old').waitFor();

    await h.rowOf('old').getByRole('button', { name: R.edit, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', '过时分组');
    await ok();
    await h.rowOf('过时分组').waitFor();
  });

  it('orders groups by their sort number, and the other way round from the column header', async () => {
    await openGroups();
    await h.rowOf('partners').getByRole('button', { name: R.edit, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-sortFlag', '5');
    await ok();
    await h.dialog().waitFor({ state: 'detached' });
    const codes = () => h.page.locator('.resource-table tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    // the default order is ascending by sort number: 过时分组 (0) before partners (5)
    await expect.poll(async () => (await codes()).findIndex((t) => t.includes('partners')) > (await codes()).findIndex((t) => t.includes('过时分组'))).toBe(true);
    const header = h.page.getByRole('columnheader', { name: G.fields!.sortFlag!['zh-CN'] });
    await header.click();
    await header.click();
    await expect.poll(async () => (await codes()).findIndex((t) => t.includes('partners')) < (await codes()).findIndex((t) => t.includes('过时分组'))).toBe(true);
  });

  it('deletes a group after asking', async () => {
    await openGroups();
    await h.rowOf('过时分组').getByRole('button', { name: R.remove, exact: true }).click();
    await h.confirmBox().waitFor();
    const removed = saved('/cms/link_group', 'DELETE');
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await removed).json()).code).toBe(200);
    await h.rowOf('过时分组').waitFor({ state: 'detached' });
  });

  it('opens a group\'s links from its row: refuses an address that is not http(s), adds, edits and deletes a link', async () => {
    await openGroups();
    await h.rowOf('partners').getByRole('button', { name: G.more!.links!['zh-CN'], exact: true }).click();
    await h.page.waitForURL(/\/admin\/operations\/link\/list\?groupId=\d+/);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).waitFor();
    await h.hideDemand();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', 'Chestnut');
    await h.page.fill('#field-url', 'javascript:alert(1)');
    await ok();
    await h.page.getByTestId('error-url').waitFor();
    expect(await h.page.getByTestId('error-url').textContent()).toBe(validationZhCN.httpUrl.replace('{{field}}', L.fields!.url!['zh-CN']));
    await h.page.fill('#field-url', 'https://chestnut.example/');
    const added = saved('/cms/link', 'POST');
    await ok();
    const reply = await (await added).json();
    expect(reply.code).toBe(200);
    await h.rowOf('chestnut.example').waitFor();

    await h.rowOf('Chestnut').getByRole('button', { name: R.edit, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', 'Chestnut CMS');
    await ok();
    await h.rowOf('Chestnut CMS').waitFor();

    await h.rowOf('Chestnut CMS').getByRole('button', { name: R.remove, exact: true }).click();
    await h.confirmBox().waitFor();
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    await h.rowOf('Chestnut CMS').waitFor({ state: 'detached' });
  });

  it('names the group above its links with a way back, shows a library logo as a thumbnail and the address as a link to a new tab', async () => {
    sponsors = await groupWithLogo();
    await openGroups();
    await h.rowOf('sponsors').getByRole('button', { name: G.more!.links!['zh-CN'], exact: true }).click();
    await h.page.waitForURL(new RegExp(`/admin/operations/link/list\\?groupId=${sponsors}$`));
    await h.rowOf('Castanea').waitFor();
    await expect.poll(() => caption().locator('h2').textContent()).toBe(L.more!.ofGroup!['zh-CN'].replace('{{name}}', '赞助商'));

    // The logo of the library loads at the address the server shows it at; a link without one shows none.
    expect(await thumbnailWidth('Castanea')).toBeGreaterThan(0);
    expect(await h.rowOf('Acorn').locator('img').count()).toBe(0);
    const address = h.rowOf('Castanea').getByRole('link', { name: 'https://castanea.example/' });
    expect(await address.getAttribute('href')).toBe('https://castanea.example/');
    expect(await address.getAttribute('target')).toBe('_blank');
    expect(await address.getAttribute('rel')).toContain('noopener');
    // The columns shown (the selection column's header is named for screen readers only).
    const headers = await h.page.locator('.resource-table thead th:not(.p-selection-column)').allTextContents();
    expect(headers.map((t) => t.trim()).filter(Boolean)).toEqual(
      [...(['name', 'url', 'logo', 'sortFlag', 'description', 'createTime'] as const).map((f) => L.fields![f]!['zh-CN']), R.actions],
    );

    // Back goes to the groups.
    await caption().getByRole('button', { name: commonZhCN.actions.back }).click();
    await h.page.waitForURL(/\/admin\/operations\/link$/);
    await h.rowOf('sponsors').waitFor();
  });

  it('speaks zh-TW and English after the language switch, in the page and in the tabs of both screens', async () => {
    for (const lng of ['zh-TW', 'en'] as const) {
      await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
      await openGroups();
      await h.page.getByRole('columnheader', { name: G.fields!.code![lng] }).waitFor();
      // the title follows once the language's texts are in (a second or more on a loaded machine)
      await expect.poll(() => h.page.title(), { timeout: 10_000 }).toContain(G.title[lng]);
      // The links screen's tab (opened earlier, not open now) reads its title, not its address.
      const tabs = h.page.getByTestId('shell-tags');
      await expect.poll(() => tabs.textContent(), { timeout: 10_000 }).toContain(L.title[lng]);
      expect(await tabs.textContent()).not.toContain('/operations/link/list');
    }
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it('is laid out right in every language at 800 px: the groups, and a group\'s links with its name and logo', async () => {
    await h.inEveryLook(async ({ lng, tag }) => {
      await openGroups();
      await h.rowOf('sponsors').waitFor();
      await h.expectLaidOut(`friend-link-groups-${tag}`);
      await openLinks();
      const l = lng as keyof typeof L.title;
      await expect.poll(() => caption().locator('h2').textContent(), { timeout: 10_000 }).toBe(L.more!.ofGroup![l].replace('{{name}}', '赞助商'));
      expect(await thumbnailWidth('Castanea')).toBeGreaterThan(0);
      await h.expectLaidOut(`friend-links-${tag}`);
    });
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});
