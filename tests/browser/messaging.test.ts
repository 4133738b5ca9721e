import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { sysUser } from '../../server/modules/system/schema.ts';
import { sysMessagingConfig } from '../../server/modules/messaging/schema.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import { startSmtpSink, type SmtpSink } from '../../server/modules/messaging/test-sinks.ts';
import resourceZhCN from '../../src/lib/i18n/locales/zh-CN/resource.ts';
import systemZhCN from '../../src/lib/i18n/locales/zh-CN/system.ts';
import validationZhCN from '../../src/lib/i18n/locales/zh-CN/validation.ts';
import fieldsZhCN from '../../src/lib/i18n/locales/zh-CN/fields.ts';
import serverZhCN from '../../server/core/messages/zh-CN.ts';

// The messaging-platform screen as an administrator: add an SMTP config (its settings follow the
// platform), see it listed with its platform tag, edit it without retyping the password, and send
// a test mail that really reaches a local SMTP server. SCREENSHOTS=<dir> saves pictures.

let h: Harness;
let smtp: SmtpSink;
const shots = process.env.SCREENSHOTS;
const R = resourceZhCN;
const S = systemZhCN.messaging;

async function shot(name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await h.page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

const rowOf = (text: string) => h.page.locator('.resource-table tbody tr', { hasText: text });
const dialog = () => h.page.locator('.resource-dialog');
const stored = async (name: string) => (await h.server.database.db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.name, name)))[0];

async function open() {
  await h.page.goto(h.url('/admin/system/messaging'));
  // See resource.test.ts: the shell's password-demand modal is not what this file tests.
  await h.page.addStyleTag({ content: '.p-dialog-mask:has(.password-demand-dialog){display:none!important}' });
  await h.page.locator('.resource-table').waitFor();
}

beforeAll(async () => {
  h = await startHarness();
  smtp = await startSmtpSink('mailer', 'S3cret!');
  await createUser(h.server.database.db, 'msgadmin', { roles: ['admin'], password: 'Secret123' });
  await h.server.database.db.update(sysUser).set({ passwordModifyTime: new Date() }).where(eq(sysUser.userName, 'msgadmin'));
  await h.reset();
  const code = await h.openLogin();
  await h.submitLogin({ username: 'msgadmin', password: 'Secret123', code });
  await h.page.waitForURL((u) => !u.pathname.endsWith('/login'));
});
afterAll(async () => {
  await smtp?.close();
  await h?.close();
});

describe('messaging platforms', () => {
  it('adds an SMTP config, with the settings of the chosen platform and errors naming the field', async () => {
    await open();
    await h.page.locator('.table-toolbar-actions').getByRole('button', { name: R.add, exact: true }).click();
    await dialog().waitFor();
    // SMTP is the default platform: its settings are in the form; a robot's URL is not.
    await h.page.locator('#field-config-host').waitFor();
    expect(await h.page.locator('#field-config-url').count()).toBe(0);
    await h.page.fill('#field-name', 'Office mail');
    await dialog().getByRole('button', { name: R.submit }).click();
    const hostError = validationZhCN.required.replace('{{field}}', fieldsZhCN.host);
    await expect.poll(() => h.page.getByTestId('error-config.host').textContent()).toBe(hostError);
    await shot('messaging-add-errors');

    await h.page.fill('#field-config-host', '127.0.0.1');
    await h.page.fill('#field-config-port', String(smtp.port));
    await h.page.click('#field-config-security-NONE');
    await h.page.fill('#field-config-username', 'mailer');
    await h.page.fill('#field-config-password', 'S3cret!');
    await h.page.fill('#field-config-fromAddress', 'cms@example.com');
    await h.page.fill('#field-config-fromName', 'Castanea');
    await shot('messaging-add-smtp');
    await dialog().getByRole('button', { name: R.submit }).click();
    await rowOf('Office mail').waitFor();
    expect((await stored('Office mail'))?.config).toMatchObject({ host: '127.0.0.1', port: smtp.port, security: 'NONE', password: 'S3cret!' });
  });

  it('lists it with its platform tag and where it sends to', async () => {
    const row = rowOf('Office mail');
    await expect.poll(() => row.locator('.messaging-platform .p-tag').textContent()).toBe('SMTP 邮件');
    expect(await row.locator('.messaging-target').textContent()).toBe(`127.0.0.1:${smtp.port}`);
    await shot('messaging-list');
  });

  it('edits it without retyping the password, which is never sent to the browser', async () => {
    const detail = h.page.waitForResponse((r) => /\/prod-api\/system\/messaging\/config\/\d+$/.test(r.url()));
    await rowOf('Office mail').getByRole('button', { name: R.edit }).click();
    const body = await (await detail).text();
    expect(body).not.toContain('S3cret!');
    await dialog().waitFor();
    expect(await h.page.inputValue('#field-config-password')).toBe('');
    expect(await h.page.getAttribute('#field-config-password', 'placeholder')).toBe(R.secret.kept);
    await shot('messaging-edit');
    await h.page.fill('#field-config-fromName', 'Castanea CMS');
    await dialog().getByRole('button', { name: R.submit }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(async () => (await stored('Office mail'))?.config.fromName).toBe('Castanea CMS');
    expect((await stored('Office mail'))?.config.password).toBe('S3cret!');
  });

  it('sends a test mail that reaches the SMTP server', async () => {
    await rowOf('Office mail').getByRole('button', { name: S.test }).click();
    const box = h.page.getByTestId('messaging-test-dialog');
    await box.waitFor();
    await box.getByRole('button', { name: S.send }).click();
    await expect.poll(() => box.getByTestId('error-to').textContent()).toBe(validationZhCN.required.replace('{{field}}', fieldsZhCN.to));
    await h.page.fill('#messaging-test-to', 'editor@example.com');
    await shot('messaging-test-dialog');
    await box.getByRole('button', { name: S.send }).click();
    await h.page.getByText(serverZhCN.messaging.test.sentTo.replace('{{to}}', 'editor@example.com')).waitFor();
    expect(smtp.mails.map((m) => [m.to, m.subject])).toEqual([[['editor@example.com'], serverZhCN.messaging.test.subject]]);
  });
});
