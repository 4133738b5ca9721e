import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldIssues } from '../../../shared/validators/issues.ts';
import { defineResource } from '../../../shared/resources/define.ts';
import { inputSchema } from '../../../shared/resources/schemas.ts';
import { errorsAfterChange, formInitial } from './client.ts';
import { changeValue, hideSecrets, maskSecrets, mergeSecrets } from '../../../shared/resources/variants.ts';
import { messagingResource as def, parseHeaderLines, platformConfigSchema } from '../../../shared/resources/system/messaging.ts';

// Variant fields, pinned through the messaging definition: the settings' shape follows the platform.

const smtp = { host: 'smtp.example.com', port: '587', security: 'STARTTLS', fromAddress: 'cms@example.com', password: 'pw' };
/** The first issue of each field, as forms show them: `field:key`. */
const fieldsOf = (r: { success: boolean; error?: unknown }) => {
  const first = new Map<string, string>();
  for (const i of r.success ? [] : toFieldIssues(r.error as never)) if (!first.has(i.field)) first.set(i.field, i.key);
  return [...first].map(([f, k]) => `${f}:${k}`);
};

describe('variant fields', () => {
  it('validate the settings against the chosen platform, coercing and dropping unknown keys', () => {
    const parsed = inputSchema(def, 'create').parse({ name: 'Mail', platform: 'SMTP', config: { ...smtp, hasPassword: true, url: 'x' } }) as Record<string, unknown>;
    expect(parsed.config).toEqual({ host: 'smtp.example.com', port: 587, security: 'STARTTLS', fromAddress: 'cms@example.com', password: 'pw' });
    expect(fieldsOf(inputSchema(def, 'create').safeParse({ name: 'Hook', platform: 'WEBHOOK', config: smtp }))).toEqual(['config.url:required']);
  });

  it('report sub-field issues by path, together with the other fields', () => {
    const r = inputSchema(def, 'create').safeParse({ name: '', platform: 'SMTP', config: { ...smtp, host: '', port: 0 } });
    expect(fieldsOf(r)).toEqual(['name:required', 'config.host:required', 'config.port:range']);
  });

  it('on update pass when both are left out, and need the platform and settings together', () => {
    const update = inputSchema(def, 'update');
    expect(update.safeParse({ configId: 1, remark: 'x' }).success).toBe(true);
    expect(fieldsOf(update.safeParse({ configId: 1, config: smtp }))).toEqual(['platform:required']);
    expect(fieldsOf(update.safeParse({ configId: 1, platform: 'WECOM' }))).toEqual(['config:required']);
  });

  it('read back as a real discriminated union', () => {
    expect(platformConfigSchema.safeParse({ platform: 'WECOM', config: { url: 'https://qyapi.weixin.qq.com/x' } }).success).toBe(true);
    expect(platformConfigSchema.safeParse({ platform: 'WECOM', config: { url: 'ftp://x.example' } }).success).toBe(false);
  });

  it('start a new form, and start over when the platform changes', () => {
    const initial = formInitial(def, 'create');
    expect(initial.config).toEqual({ host: '', port: 465, security: 'SSL', username: '', password: '', fromAddress: '', fromName: '' });
    const changed = changeValue(def, { ...initial, config: { ...smtp } }, 'platform', 'DINGTALK');
    expect(changed).toMatchObject({ platform: 'DINGTALK', config: { url: '', secret: '' } });
    expect(changeValue(def, changed, 'name', 'x').config).toBe(changed.config);
    expect(errorsAfterChange(def, { name: 'n', 'config.url': 'u', remark: 'r' }, 'platform')).toEqual({ name: 'n', remark: 'r' });
  });

  it('never reply with secrets, only flags', () => {
    const row = hideSecrets(def, { platform: 'WEBHOOK', config: { url: 'u', authorization: 'Bearer x', secret: '' } });
    expect(row.config).toEqual({ url: 'u', hasAuthorization: true, hasSecret: false });
  });

  it('keep a stored secret on an empty edit, replace it, remove it on null, drop it with another platform', () => {
    const existing = { platform: 'SMTP', config: { ...smtp, password: 'old' } };
    const merged = (config: Record<string, unknown>, platform = 'SMTP') => {
      const values: Record<string, unknown> = { platform, config };
      mergeSecrets(def, values, existing);
      return values.config;
    };
    expect(merged({ ...smtp, password: '' })).toMatchObject({ password: 'old' });
    expect(merged({ ...smtp, password: undefined })).toMatchObject({ password: 'old' });
    expect(merged({ ...smtp, password: 'new' })).toMatchObject({ password: 'new' });
    expect(merged({ ...smtp, password: null })).not.toHaveProperty('password');
    expect(merged({ url: 'u', secret: '' }, 'FEISHU')).toEqual({ url: 'u' });
  });

  it('read extra headers one per line, refusing credentials and malformed lines', () => {
    expect(parseHeaderLines('X-Source: castanea\n\n  X-Team:web  ')).toEqual([['X-Source', 'castanea'], ['X-Team', 'web']]);
    expect(parseHeaderLines('Authorization: Bearer x')).toBeNull();
    expect(parseHeaderLines('no colon here')).toBeNull();
    expect(parseHeaderLines('Bad Name: x')).toBeNull();
  });
});

describe('secrets in what is logged', () => {
  // A definition of its own: the secret's name ("apiKey") is one no name-based rule would guess.
  const vault = defineResource({
    name: 'vault',
    title: 'oplog.vault',
    api: '/vault',
    id: 'vaultId',
    perms: { view: 'v' },
    fields: {
      vaultId: { kind: 'id' },
      pin: { kind: 'password', input: z.string() },
      kind: { kind: 'text', input: z.string() },
      settings: {
        kind: 'json',
        variants: {
          by: 'kind',
          shapes: {
            A: { apiKey: { kind: 'password', input: z.string() }, extra: { kind: 'textarea', input: z.string(), masked: 'headerValues' }, note: { kind: 'text', input: z.string() } },
            B: { token2: { kind: 'password', input: z.string() } },
          },
        },
      },
    },
  });

  it("masks password fields, every shape's password sub-fields and header values, keeping the rest", () => {
    const body = { vaultId: 1, pin: '1234', kind: 'A', settings: { apiKey: 'k-123', extra: 'X-Api-Key: abc\nX-Team: web', note: 'visible', token2: 'stale' } };
    expect(maskSecrets(vault, body)).toEqual({
      vaultId: 1, pin: '******', kind: 'A', settings: { apiKey: '******', extra: 'X-Api-Key: ******\nX-Team: ******', note: 'visible', token2: '******' },
    });
    // Empty or absent secrets stay as sent (an edit keeping the stored one), and the input is not changed.
    expect(maskSecrets(vault, { kind: 'B', settings: { token2: '' } })).toEqual({ kind: 'B', settings: { token2: '' } });
    expect(body.pin).toBe('1234');
    expect(maskSecrets(vault, [1, 2])).toEqual([1, 2]);
  });
});
