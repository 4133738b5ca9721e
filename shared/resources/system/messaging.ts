import { z } from 'zod';
import { defineResource, type FieldDef } from '../define.ts';
import { crud } from '../declare.ts';
import type { ShapeValues } from '../variants.ts';
import { variantSchema } from '../schemas.ts';
import { email, optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/**
 * Messaging-platform configs (spec §1 system administration): the accounts through which the
 * system sends messages — an SMTP server for email, and webhooks for chat (a generic JSON webhook
 * and the DingTalk, WeCom and Feishu group robots). The settings of each platform are one shape
 * of the `config` variant field; secrets (passwords, signing secrets) are write-only.
 */

export const MESSAGING_PLATFORMS = ['SMTP', 'WEBHOOK', 'DINGTALK', 'WECOM', 'FEISHU'] as const;
export type MessagingPlatform = (typeof MESSAGING_PLATFORMS)[number];

/** What a platform delivers to: one default config per channel. */
export type MessagingChannel = 'email' | 'chat';
export const channelOf = (platform: MessagingPlatform): MessagingChannel => (platform === 'SMTP' ? 'email' : 'chat');

/** SSL: TLS from the first byte (port 465); STARTTLS: upgrade required (587); NONE: plain (a local relay). */
export const SMTP_SECURITY = ['SSL', 'STARTTLS', 'NONE'] as const;

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Header names that are not extra headers: credentials have their own write-only field; the rest fetch sets itself. */
const RESERVED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'host', 'content-length', 'content-type']);

/** True for an absolute http:// or https:// URL with a host: nothing else is ever fetched. */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Extra headers written one `Name: value` per line; null when a line is not one. */
export function parseHeaderLines(text: string | undefined): [string, string][] | null {
  const out: [string, string][] = [];
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon < 1 || !HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) return null;
    out.push([name, line.slice(colon + 1).trim()]);
  }
  return out;
}

/** A write-only secret: empty keeps the stored one on edit, null removes it. */
const secret = (max = 500) => ({ kind: 'password', input: z.string().max(max, v('tooLong')).nullable().optional(), initial: '' }) satisfies FieldDef;
const hint = (key: string) => `system:messaging.placeholder.${key}`;
const webhookUrl = (platform: MessagingPlatform) =>
  ({ kind: 'text', input: requiredText(2000).refine(isHttpUrl, v('httpUrl')), placeholder: hint(platform) }) satisfies FieldDef;

const SMTP = {
  host: { kind: 'text', input: requiredText(255).regex(HOST, v('host')), placeholder: hint('host') },
  port: {
    kind: 'number',
    input: z.coerce.number({ error: v('range', { min: 1, max: 65535 }) }).int(v('range', { min: 1, max: 65535 })).min(1, v('range', { min: 1, max: 65535 })).max(65535, v('range', { min: 1, max: 65535 })),
    initial: 465,
  },
  security: {
    kind: 'text',
    input: z.enum(SMTP_SECURITY, { error: v('required') }),
    initial: 'SSL',
    options: SMTP_SECURITY.map((value) => ({ value, label: `system:messaging.security.${value}` })),
  },
  username: { kind: 'text', input: optionalText(255) },
  password: secret(),
  fromAddress: { kind: 'text', input: requiredText(254).email(v('email')), placeholder: hint('fromAddress') },
  fromName: { kind: 'text', input: optionalText(100) },
} satisfies Record<string, FieldDef>;

const WEBHOOK = {
  url: webhookUrl('WEBHOOK'),
  headers: {
    kind: 'textarea',
    input: z.string().max(2000, v('tooLong')).refine((t) => parseHeaderLines(t) !== null, v('headers')).optional(),
    placeholder: hint('headers'),
    masked: 'headerValues',
  },
  /** sent as the Authorization header, e.g. `Bearer …` */
  authorization: secret(),
  /** signs the body: X-Castanea-Signature: sha256=HMAC(secret, timestamp + "." + body) */
  secret: secret(),
} satisfies Record<string, FieldDef>;

/** DingTalk and Feishu robots may sign requests; WeCom's robot key lives in its URL. */
const DINGTALK = { url: webhookUrl('DINGTALK'), secret: secret() } satisfies Record<string, FieldDef>;
const WECOM = { url: webhookUrl('WECOM') } satisfies Record<string, FieldDef>;
const FEISHU = { url: webhookUrl('FEISHU'), secret: secret() } satisfies Record<string, FieldDef>;

/** The settings of each platform. */
export const PLATFORM_SETTINGS = { SMTP, WEBHOOK, DINGTALK, WECOM, FEISHU } satisfies Record<MessagingPlatform, Record<string, FieldDef>>;
export type PlatformSettings<P extends MessagingPlatform> = ShapeValues<(typeof PLATFORM_SETTINGS)[P]>;
export type SmtpSettings = PlatformSettings<'SMTP'>;
export type WebhookSettings = PlatformSettings<'WEBHOOK'>;

export const messagingResource = defineResource({
  name: 'messaging_config',
  title: 'oplog.messaging',
  titleKey: 'system:messaging.title',
  api: '/system/messaging/config',
  id: 'configId',
  perms: crud('system:messaging', { export: undefined }),
  fields: {
    configId: { kind: 'id', label: 'system:messaging.configId', column: true },
    name: { kind: 'text', input: requiredText(64), column: true, filter: 'like', form: true },
    platform: { kind: 'dict', dict: 'MessagingPlatform', input: z.enum(MESSAGING_PLATFORMS, { error: v('required') }), column: true, filter: 'eq', form: true, initial: 'SMTP' },
    /** 0 enabled, 1 disabled: a disabled config sends nothing */
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    /** the config the system uses for its channel (email or chat); at most one per channel */
    isDefault: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, form: true, initial: 'N' },
    config: { kind: 'json', variants: { by: 'platform', shapes: PLATFORM_SETTINGS }, form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'configId', order: 'asc' },
  unique: ['name'],
});

/** `{platform, config}` as one discriminated union: how the server reads a stored config back. */
export const platformConfigSchema = variantSchema('config', messagingResource.fields.config.variants);

export type PlatformConfig = { [P in MessagingPlatform]: { platform: P; config: PlatformSettings<P> } }[MessagingPlatform];

/** The body of "send a test message": a recipient, which email needs and chat robots ignore. */
export const testMessageSchema = z.object({ to: z.union([z.literal(''), email()]).optional() });
