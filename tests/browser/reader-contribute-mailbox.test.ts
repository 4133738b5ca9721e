import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useHarness } from './harness.ts';
import { seriousViolations, untilStill } from './axe.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';
import { cmsArticleDetail, cmsContent } from '../../server/modules/cms/content/schema.ts';
import { cmsMailbox } from '../../server/modules/cms/mailbox/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { hashPassword } from '../../server/modules/system/password.ts';
import { png } from '../../server/modules/cms/resource/test-files.ts';
import { mailboxResource } from '../../shared/resources/cms/mailbox.ts';
import contentZhCN from '../../shared/i18n/locales/zh-CN/contentList.ts';

// Issue 31 items 6 and 7 end to end, in Chromium on a site published with the default theme: an
// anonymous reader writes to "contact us" (the captcha's answer read from the database, as a
// reader reads the image); a signed-in member contributes an article with an image and sends a
// message, markup typed in every text field; in the console the contribution is marked, reviewed
// and published (on the site, its markup shown as text), the message reviewed after a
// confirmation. No script typed by a reader ever runs, on the site or in the console.
const h = useHarness({ admin: 'inboxadmin', ownDataDir: true });
let api: CmsApi;
let siteId = 0;
let stories = 0;

const at = (path: string) => `${h.server.siteUrl}harbour/${path}`;
/** What a reader types, meant to run: it never may. */
const SCRIPT_TITLE = '<script>window.__hit = 1</script> Ferry timetable';
const IMG_TEXT = '<img src=x onerror="window.__hit = 2"> The morning ferry is late.';
const hit = (page: Page) => page.evaluate(() => (window as { __hit?: number }).__hit);

beforeAll(async () => {
  api = await cmsApi(h, 'inboxadmin', 'Secret123');
  siteId = (await api.ok('POST', '/cms/site', { name: 'Harbour', path: 'harbour' })).siteId;
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Stories\nStaff' }, siteId));
  stories = cat.Stories!;
  // The catalog form's "Open to contributions" flag (Extend tab).
  const c = await api.ok('GET', `/cms/catalog/${stories}`, undefined, siteId);
  await api.ok('PUT', '/cms/catalog', { catalogId: stories, name: c.name, alias: c.alias, path: c.path, catalogType: c.catalogType, contribute: 'Y' }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId, publishIndex: true }, siteId);
  await drainQueue(h.server.server.services);
  await h.server.database.db.insert(cmsMember).values({ userName: 'skipper', nickName: 'Skipper', email: 'skipper@example.com', password: await hashPassword('Harbour2026x') });
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

/** The captcha the contact page shows, answered. */
async function answerCaptcha(page: Page) {
  await expect.poll(() => page.locator('input[name=uuid]').inputValue()).not.toBe('');
  const uuid = await page.locator('input[name=uuid]').inputValue();
  const [row] = await h.server.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  await page.getByLabel('Characters in the image').fill(row!.code);
}

describe('on the published site', () => {
  it('an anonymous reader writes to "contact us" from the footer: the captcha, then the message, field by field', async () => {
    const page = await h.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(at(''));
    await Promise.all([page.waitForURL(at('contact')), page.locator('.site-footer').getByRole('link', { name: 'Contact us' }).click()]);
    const captcha = page.getByRole('img', { name: 'The captcha image' });
    await expect.poll(() => captcha.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await untilStill(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Subject').fill('Lost umbrella');
    await page.getByLabel('Your name').fill('Dee');
    await page.getByLabel('Message').fill('I left it on the quay.');
    // No phone and no e-mail: refused naming the field, in the site's language.
    await answerCaptcha(page);
    const first = await page.locator('input[name=uuid]').inputValue();
    await page.getByRole('button', { name: 'Send the message' }).click();
    await page.getByRole('alert').filter({ hasText: 'Leave a phone number or an e-mail address' }).waitFor();
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    // The image was used: a new one comes (one guess per image). A wrong answer names the captcha's field.
    await expect.poll(() => page.locator('input[name=uuid]').inputValue()).not.toBe(first);
    await page.getByLabel('Phone').fill('0123 456 789');
    await page.getByLabel('Characters in the image').fill('wrong!');
    // The image asked for after this try is held back until "Another image" has been answered.
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    let holding = true;
    const captchaCall = (url: URL) => url.pathname.endsWith('/api/mailbox/captcha');
    await page.route(captchaCall, async (route) => {
      if (holding) { holding = false; await held; }
      await route.continue();
    });
    const guessed = await page.locator('input[name=uuid]').inputValue();
    await page.getByRole('button', { name: 'Send the message' }).click();
    await page.getByRole('alert').filter({ hasText: 'The captcha is wrong or has expired' }).waitFor();
    expect(await page.getByLabel('Characters in the image').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => holding).toBe(false);
    // "Another image" asks for a new one.
    await page.getByRole('button', { name: 'Another image' }).click();
    await expect.poll(() => page.locator('input[name=uuid]').inputValue()).not.toBe(guessed);
    const shown = await page.locator('input[name=uuid]').inputValue();
    // The earlier ask, answered last, does not replace the image the reader now reads.
    const late = page.waitForResponse((r) => captchaCall(new URL(r.url())));
    release();
    await late;
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
    expect(await page.locator('input[name=uuid]').inputValue()).toBe(shown);
    await page.unroute(captchaCall);
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Send the message' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message is sent. Thank you!' }).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    const [row] = await h.server.database.db.select().from(cmsMailbox).where(eq(cmsMailbox.title, 'Lost umbrella'));
    expect(row).toMatchObject({ siteId, name: 'Dee', phone: '0123 456 789', memberId: null, reviewStatus: '0' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a member contributes an article with an image, and writes to the mailbox signed in', async () => {
    const page = await h.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(at('account/login?next=%2Fharbour%2Faccount%2Fcontribute'));
    await page.getByLabel('User name').fill('skipper');
    await page.getByLabel('Password', { exact: true }).fill('Harbour2026x');
    await Promise.all([page.waitForURL(at('account/contribute')), page.getByRole('button', { name: 'Sign in' }).click()]);

    // Only the section open to contributions is offered.
    const section = page.getByLabel('Section', { exact: true });
    await section.waitFor();
    expect(await section.locator('option').allTextContents()).toEqual(['Stories']);
    await page.getByLabel('Title').fill(SCRIPT_TITLE);
    await page.getByLabel('Summary').fill('<b onmouseover="window.__hit = 3">Late</b>');
    await page.getByLabel('Text', { exact: true }).fill(`${IMG_TEXT}\n\nIt left at nine.`);
    await page.getByLabel('Add an image').setInputFiles({ name: 'quay.png', mimeType: 'image/png', buffer: await png(64, 48) });
    await page.getByRole('status').filter({ hasText: 'The image is uploaded' }).waitFor();
    const shown = page.getByRole('list', { name: 'Uploaded images' }).getByRole('img', { name: 'quay' });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await untilStill(page);
    expect(await seriousViolations(page)).toEqual([]);
    // A script named .png is refused by its content.
    await page.getByLabel('Add an image').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<script>window.__hit = 4</script>') });
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('list', { name: 'Uploaded images' }).getByRole('img').count()).toBe(1);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Submitted; an editor will review it' }).waitFor();
    expect(await page.getByRole('list', { name: 'Uploaded images' }).getByRole('img').count()).toBe(0);

    const [member] = await h.server.database.db.select().from(cmsMember).where(eq(cmsMember.userName, 'skipper'));
    const [draft] = await h.server.database.db.select().from(cmsContent).where(and(eq(cmsContent.siteId, siteId), isNotNull(cmsContent.contributorId)));
    expect(draft).toMatchObject({ title: SCRIPT_TITLE, catalogId: stories, contributorId: member!.memberId, status: '0', author: 'Skipper', summary: '<b onmouseover="window.__hit = 3">Late</b>' });
    expect(draft!.logo).toMatch(/resources\/image\//);
    const [detail] = await h.server.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, draft!.contentId));
    // The text typed is text (escaped, its paragraphs kept), the image the library's.
    expect(detail!.contentHtml).toContain('<p>&lt;img src=x onerror="window.__hit = 2"&gt; The morning ferry is late.</p><p>It left at nine.</p>');
    expect(detail!.contentHtml).toMatch(/<img src="iurl:\/\/resources\/image\/[^"]+" alt="quay"/);

    // A second thought, sent and then withdrawn from the member's centre, where both are listed as text.
    await page.getByLabel('Title').fill('Second thoughts');
    await page.getByLabel('Text', { exact: true }).fill('Never mind.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Submitted; an editor will review it' }).waitFor();
    await page.goto(at(`account/${member!.memberId}`));
    const mine = page.getByRole('region', { name: 'My contributions' }).getByRole('listitem');
    await expect.poll(() => mine.count()).toBe(2);
    expect(await mine.first().textContent()).toContain('Second thoughts');
    expect(await mine.nth(1).locator('strong').textContent()).toBe(SCRIPT_TITLE);
    expect(await mine.nth(1).textContent()).toContain('Awaiting review');
    page.once('dialog', (d) => void d.accept());
    await mine.first().getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => mine.count()).toBe(1);
    expect(await h.server.database.db.select().from(cmsContent).where(eq(cmsContent.title, 'Second thoughts'))).toEqual([]);
    expect(await hit(page)).toBeUndefined();

    // The mailbox, signed in: the name is the member's; the message records who sent it.
    await page.goto(at('contact'));
    await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe('Skipper');
    await page.getByLabel('Subject').fill(SCRIPT_TITLE);
    await page.getByLabel('Your name').fill('<img src=x onerror="window.__hit = 5">');
    await page.getByLabel('E-mail').fill('skipper@example.com');
    await page.getByLabel('Message').fill(IMG_TEXT);
    await answerCaptcha(page);
    await page.getByRole('button', { name: 'Send the message' }).click();
    await page.getByRole('status').filter({ hasText: 'Your message is sent. Thank you!' }).waitFor();
    // The form is cleared for another message, the member's name put back.
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Skipper');
    const [mail] = await h.server.database.db.select().from(cmsMailbox).where(eq(cmsMailbox.memberId, member!.memberId));
    expect(mail).toMatchObject({ title: SCRIPT_TITLE, name: '<img src=x onerror="window.__hit = 5">', content: IMG_TEXT, email: 'skipper@example.com' });
    expect(await hit(page)).toBeUndefined();
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('in the console', () => {
  it('the contribution is marked in the content list, reviewed in the editor and published: on the site its markup is text', async () => {
    const [draft] = await h.server.database.db.select().from(cmsContent).where(and(eq(cmsContent.siteId, siteId), isNotNull(cmsContent.contributorId)));
    const id = draft!.contentId;
    await h.openScreen('/admin/configs/content', `[data-testid=content-contribution-${id}]`);
    expect(await h.page.getByTestId(`content-contribution-${id}`).textContent()).toBe(contentZhCN.contribution);
    await h.page.getByTestId('content-contributions').click();
    await h.page.getByTestId('content-search-submit').click();
    await expect.poll(() => h.page.getByTestId('content-table').locator('.content-title-link').allTextContents()).toEqual([SCRIPT_TITLE]);

    await h.openScreen(`/admin/cms/content/editor?contentId=${id}`, '[data-testid=content-editor]');
    await expect.poll(() => h.page.locator('#ce-title').inputValue()).toBe(SCRIPT_TITLE);
    await h.page.getByTestId('ce-publish').click();
    await expect.poll(async () => (await h.server.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, id)))[0]!.status, { timeout: 10_000 }).toBe('30');
    expect(await hit(h.page)).toBeUndefined();
    await drainQueue(h.server.server.services);

    const page = await h.context.newPage();
    await page.goto(at(`stories/${id}.shtml`));
    expect(await page.locator('h1.page-title').textContent()).toBe(SCRIPT_TITLE);
    const prose = page.locator('.prose');
    expect(await prose.locator('p').first().textContent()).toBe(IMG_TEXT);
    // The one picture is the member's upload, served from the site's library.
    const pictures = prose.locator('img');
    expect(await pictures.count()).toBe(1);
    await expect.poll(() => pictures.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    expect(await page.locator('img[src="x"], main script:not([data-frame])').count()).toBe(0);
    expect(await hit(page)).toBeUndefined();
    await page.close();
  });

  it('the member\'s message is read as text on the Mailbox screen and marked reviewed after a confirmation', async () => {
    const [mail] = await h.server.database.db.select().from(cmsMailbox).where(isNotNull(cmsMailbox.memberId));
    const id = mail!.mailboxId;
    await h.openScreen('/admin/operations/mailbox', `[data-testid=mailbox-view-${id}]`);
    await h.page.getByTestId(`mailbox-view-${id}`).click();
    const dialog = h.page.getByTestId('mailbox-detail');
    await dialog.getByTestId('mailbox-value-content').waitFor();
    expect(await dialog.getByTestId('mailbox-value-title').textContent()).toBe(SCRIPT_TITLE);
    expect(await dialog.getByTestId('mailbox-value-name').textContent()).toBe('<img src=x onerror="window.__hit = 5">');
    expect(await dialog.getByTestId('mailbox-value-content').textContent()).toBe(IMG_TEXT);
    expect(await h.page.locator('main script:not([data-frame]), img[src="x"]').count()).toBe(0);
    await h.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await h.page.getByTestId(`mailbox-review-${id}`).click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().textContent()).toContain(SCRIPT_TITLE);
    await h.confirmBox().getByRole('button', { name: '是' }).click();
    await h.page.getByTestId(`mailbox-unreview-${id}`).waitFor();
    expect(await h.page.getByTestId(`mailbox-status-${id}`).textContent()).toBe(mailboxResource.texts!.more!.review_1!['zh-CN']);
    expect((await h.server.database.db.select().from(cmsMailbox).where(eq(cmsMailbox.mailboxId, id)))[0]).toMatchObject({ reviewStatus: '1', reviewBy: 'inboxadmin' });
    expect(await hit(h.page)).toBeUndefined();
  });
});
