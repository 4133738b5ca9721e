import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { seriousViolations, untilStill } from './axe.ts';
import { mailboxResource } from '../../shared/resources/cms/mailbox.ts';
import { cmsMailbox } from '../../server/modules/cms/mailbox/schema.ts';

// Issue 31 item 7 in the browser: a reader's message carrying scripts listed and viewed on the
// Mailbox screen as text (the script shown, never run), then marked reviewed and back, each time
// after a confirmation.

const h = useHarness({ admin: 'mailadmin' });
const M = mailboxResource.texts!.more!;
let token = '';
let siteId = 0;
let scripted = 0;

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  const r = await h.server.api('POST', '/cms/site', { token, body: { name: 'Mail', path: 'mailscreen' }, headers: { repeatSubmit: 'false' } });
  siteId = r.data.siteId;
  const db = h.server.database.db;
  [{ id: scripted }] = await db.insert(cmsMailbox).values({
    siteId, title: '<script>window.__pwned = 1</script>', name: '<img src=x onerror="window.__pwned = 2">', email: 'reader@example.com',
    content: 'Hello <b>there</b><script>window.__pwned = 3</script>',
  }).returning({ id: cmsMailbox.mailboxId });
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});
afterAll(async () => {
  expect(await h.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

describe('the Mailbox screen', () => {
  it('lists and shows a reader\'s message as text: the script is shown, never run', async () => {
    await h.openScreen('/admin/operations/mailbox', `[data-testid=mailbox-view-${scripted}]`);
    expect(await h.page.title()).toContain(mailboxResource.texts!.title['zh-CN']);
    expect(await h.rowOf('window.__pwned = 1').count()).toBeGreaterThan(0);
    await h.page.getByTestId(`mailbox-view-${scripted}`).click();
    const dialog = h.page.getByTestId('mailbox-detail');
    await dialog.getByTestId('mailbox-value-content').waitFor();
    expect(await dialog.getByTestId('mailbox-value-title').textContent()).toBe('<script>window.__pwned = 1</script>');
    expect(await dialog.getByTestId('mailbox-value-name').textContent()).toBe('<img src=x onerror="window.__pwned = 2">');
    expect(await h.page.locator('main script:not([data-frame]), [data-testid=mailbox-detail] script, img[src="x"]').count()).toBe(0);
    await untilStill(h.page);
    expect(await seriousViolations(h.page)).toEqual([]);
    await h.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('marks a message reviewed and back, each after a confirmation', async () => {
    const stored = async () => (await h.server.database.db.select().from(cmsMailbox).where(eq(cmsMailbox.mailboxId, scripted)))[0]!.reviewStatus;
    await h.page.getByTestId(`mailbox-review-${scripted}`).click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().textContent()).toContain('<script>window.__pwned = 1</script>');
    // Declined: nothing changes.
    await h.confirmBox().getByRole('button', { name: '否' }).click();
    expect(await stored()).toBe('0');
    await h.page.getByTestId(`mailbox-review-${scripted}`).click();
    await h.confirmBox().getByRole('button', { name: '是' }).click();
    await h.page.getByTestId(`mailbox-unreview-${scripted}`).waitFor();
    expect(await stored()).toBe('1');
    expect(await h.page.getByTestId(`mailbox-status-${scripted}`).textContent()).toBe(M.review_1!['zh-CN']);
    await h.page.getByTestId(`mailbox-unreview-${scripted}`).click();
    await h.confirmBox().getByRole('button', { name: '是' }).click();
    await h.page.getByTestId(`mailbox-review-${scripted}`).waitFor();
    expect(await stored()).toBe('0');
  });
});
