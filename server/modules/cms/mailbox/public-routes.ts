import { z } from 'zod';
import { publicRoute } from '../public-api/route.ts';
import { mailboxResource } from '../../../../shared/resources/cms/mailbox.ts';
import { captchaReply } from '../../auth/index.ts';
import { mailboxCaptcha, mailboxSubmitBody, submitMessage } from './submit.ts';

/**
 * The mailbox's public routes (docs/public-api.md): a captcha for the "contact us" form, and the
 * message itself, counted per address (PUBLIC_LIMITS.mailboxPerIp, on top of every write's
 * writePerIp). A signed-in member's message records who sent it; anyone may send one.
 */
export const MAILBOX_PUBLIC_ROUTES = [
  publicRoute({
    method: 'GET', url: '/api/mailbox/captcha',
    limits: [{ name: 'captchaPerIp', per: 'ip' }],
    reply: captchaReply,
    handler: ({ services }) => mailboxCaptcha(services.db),
  }),
  publicRoute({
    method: 'POST', url: '/api/mailbox/submit',
    limits: [{ name: 'mailboxPerIp', per: 'ip' }],
    body: mailboxSubmitBody, fields: mailboxResource.name,
    bodyLimit: 32 * 1024,
    reply: z.object({ mailboxId: z.int() }),
    handler: ({ services, site, ip, member, body }) => submitMessage(services.db, body, { siteId: site!.siteId, ip, memberId: member?.memberId ?? null }, services.events),
  }),
];
