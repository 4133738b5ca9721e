import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { holdRequests } from './hold-requests.ts';
import { cmsApi } from './cms-api.ts';

// Issue 12: a list page draws its dropdowns as stand-ins until PrimeReact's Dropdown arrives
// (components/widgets/SelectInput.tsx) and its pager with its own markup (Pagination.tsx). What a
// user does meanwhile is kept, and the pager pages as PrimeReact's did, in the console's language.

const h = useHarness({ admin: 'standinadmin' });

beforeAll(async () => {
  const api = await cmsApi(h, 'standinadmin', 'Secret123');
  const [paged] = await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Paged' });
  for (let i = 1; i <= 25; i++) await api.ok('POST', '/cms/content?contentType=article', { catalogId: paged.catalogId, title: `Paged ${String(i).padStart(2, '0')}`, author: 'Ann' });
  await api.ok('POST', '/cms/content?contentType=image', { catalogId: paged.catalogId, title: 'Paged gallery', author: 'Ann' });
});

const READY = '[data-testid=content-table] .content-title-link';
const titles = () => h.page.getByTestId('content-table').locator('.content-title-link').allTextContents();

/**
 * Opens the Contents page with a widget's code held back, clicks its stand-in (nothing opens), lets
 * the code come and expects its panel open and the widget in the stand-in's place.
 */
async function clickedBeforeItsCode(chunk: string, field: string, panel: string) {
  const held = await holdRequests(h.page, chunk);
  await h.openScreen('/admin/configs/content', READY);
  const widget = h.page.locator(field);
  expect(await widget.getAttribute('aria-busy')).toBe('true');
  await widget.click();
  await h.page.waitForTimeout(300);
  expect(await h.page.locator(panel).count()).toBe(0);
  await held.done();
  await h.page.locator(panel).waitFor();
  expect(await widget.getAttribute('aria-busy')).toBeNull();
  return widget;
}

describe('list stand-ins and pager', () => {
  it('hydrates its stand-ins without errors or hidden copies (no Suspense boundary streamed from the prerender)', async () => {
    const errors: string[] = [];
    const log = (e: Error) => errors.push(e.message);
    h.page.on('pageerror', log);
    await h.openScreen('/admin/configs/content', READY);
    await h.page.locator('.p-dropdown:not([aria-busy]):has(#content-type)').waitFor();
    await h.page.locator('.p-calendar:not([aria-busy]):has(#content-begin)').waitFor();
    h.page.off('pageerror', log);
    expect(errors).toEqual([]);
    for (const id of ['content-type', 'content-status', 'content-sort', 'content-attributes', 'content-begin', 'content-end']) expect(await h.page.locator(`#${id}`).count(), id).toBe(1);
    expect(await h.page.locator('[hidden] .p-dropdown, [hidden] .p-calendar').count()).toBe(0);
  });

  it('opens a dropdown clicked before its code arrived as soon as it arrives, and takes the choice', async () => {
    const type = await clickedBeforeItsCode('**/_assets/select.*.js', '.p-dropdown:has(#content-type)', '.p-dropdown-panel');
    await h.page.getByRole('option', { name: '图集', exact: true }).click();
    await expect.poll(() => type.locator('.p-dropdown-label').textContent()).toBe('图集');
    await h.page.getByTestId('content-search-submit').click();
    await expect.poll(titles, { timeout: 5000 }).toEqual(['Paged gallery']);
  });

  it('opens the attributes multi-select clicked before its code arrived as soon as it arrives, and takes the choices', async () => {
    const attributes = await clickedBeforeItsCode('**/_assets/multiselect.*.js', '.p-multiselect:has(#content-attributes)', '.p-multiselect-panel');
    await h.page.locator('.p-multiselect-panel').getByRole('option').first().click();
    await expect.poll(() => attributes.locator('.p-multiselect-label').textContent()).not.toBe('全部');
  });

  it('pages by its links and its previous and next buttons, named in the console language', async () => {
    await h.openScreen('/admin/configs/content', READY);
    const pager = h.page.locator('nav.pagination');
    expect(await pager.getAttribute('aria-label')).toBe('分页');
    expect(await pager.locator('.p-paginator-page').allTextContents()).toEqual(['1', '2']);
    expect(await pager.locator('.p-paginator-prev').isDisabled()).toBe(true);
    await pager.getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(titles, { timeout: 5000 }).toEqual(['Paged 06', 'Paged 05', 'Paged 04', 'Paged 03', 'Paged 02', 'Paged 01']);
    expect(await pager.locator('[aria-current=page]').textContent()).toBe('2');
    expect(await pager.locator('.p-paginator-next').isDisabled()).toBe(true);
    await pager.getByRole('button', { name: '上一页' }).click();
    await expect.poll(async () => (await titles())[0], { timeout: 5000 }).toBe('Paged gallery');
    expect(await pager.locator('[aria-current=page]').textContent()).toBe('1');
  });
});
