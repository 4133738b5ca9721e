import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { sysMessagingConfig } from '../../server/modules/messaging/schema.ts';
import { startSmtpSink, type SmtpSink } from '../../server/modules/messaging/test-sinks.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import systemZhCN from '../../shared/i18n/locales/zh-CN/system.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import serverZhCN from '../../server/core/messages/zh-CN.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// The messaging-platform screen as an administrator: add an SMTP config (its settings follow the
// platform), see it listed with its platform tag, edit it without retyping the password, and send
// a test mail that really reaches a local SMTP server.

// The SMTP sink listens on loopback, which the server refuses unless the operator lists it.
const h = useHarness({ admin: 'msgadmin', config: { messagingAllowedHosts: ['127.0.0.1'] } });
let smtp: SmtpSink;
const R = resourceZhCN;
const S = systemZhCN.messaging;

const stored = async (name: string) => (await h.server.database.db.select().from(sysMessagingConfig).where(eq(sysMessagingConfig.name, name)))[0];

beforeAll(async () => {
  smtp = await startSmtpSink('mailer', 'S3cret!');
});
afterAll(async () => {
  await smtp?.close();
});

describe('messaging platforms', () => {
  it('adds an SMTP config, with the settings of the chosen platform and errors naming the field', async () => {
    await h.openScreen('/admin/system/messaging', '.resource-table');
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    // SMTP is the default platform: its settings are in the form; a robot's URL is not.
    await h.page.locator('#field-config-host').waitFor();
    expect(await h.page.locator('#field-config-url').count()).toBe(0);
    await h.page.fill('#field-name', 'Office mail');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const hostError = validationZhCN.required.replace('{{field}}', fieldsZhCN.host);
    await expect.poll(() => h.page.getByTestId('error-config.host').textContent()).toBe(hostError);

    await h.page.fill('#field-config-host', '127.0.0.1');
    await h.page.fill('#field-config-port', String(smtp.port));
    await h.page.click('#field-config-security-NONE');
    await h.page.fill('#field-config-username', 'mailer');
    await h.page.fill('#field-config-password', 'S3cret!');
    await h.page.fill('#field-config-fromAddress', 'cms@example.com');
    await h.page.fill('#field-config-fromName', 'Castanea');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.rowOf('Office mail').waitFor();
    expect((await stored('Office mail'))?.config).toMatchObject({ host: '127.0.0.1', port: smtp.port, security: 'NONE', password: 'S3cret!' });
  });

  it('lists it with its platform tag and where it sends to', async () => {
    const row = h.rowOf('Office mail');
    await expect.poll(() => row.locator('.messaging-platform .p-tag').textContent()).toBe('SMTP 邮件');
    expect(await row.locator('.messaging-target').textContent()).toBe(`127.0.0.1:${smtp.port}`);
  });

  it('edits it without retyping the password, which is never sent to the browser', async () => {
    const detail = h.page.waitForResponse((r) => /\/prod-api\/system\/messaging\/config\/\d+$/.test(r.url()));
    await h.rowOf('Office mail').getByRole('button', { name: R.edit }).click();
    const body = await (await detail).text();
    expect(body).not.toContain('S3cret!');
    await h.dialog().waitFor();
    expect(await h.page.inputValue('#field-config-password')).toBe('');
    expect(await h.page.getAttribute('#field-config-password', 'placeholder')).toBe(R.secret.kept);
    await h.page.fill('#field-config-fromName', 'Castanea CMS');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.dialog().waitFor({ state: 'detached' });
    await expect.poll(async () => (await stored('Office mail'))?.config.fromName).toBe('Castanea CMS');
    expect((await stored('Office mail'))?.config.password).toBe('S3cret!');
  });

  it('sends a test mail that reaches the SMTP server', async () => {
    await h.rowOf('Office mail').getByRole('button', { name: S.test }).click();
    const box = h.page.getByTestId('messaging-test-dialog');
    await box.waitFor();
    await box.getByRole('button', { name: S.send }).click();
    await expect.poll(() => box.getByTestId('error-to').textContent()).toBe(validationZhCN.required.replace('{{field}}', fieldsZhCN.to));
    await h.page.fill('#messaging-test-to', 'editor@example.com');
    await box.getByRole('button', { name: S.send }).click();
    await h.toasts().getByText(serverZhCN.messaging.test.sentTo.replace('{{to}}', 'editor@example.com')).waitFor();
    expect(smtp.mails.map((m) => [m.to, m.subject])).toEqual([[['editor@example.com'], serverZhCN.messaging.test.subject]]);
  });
});
