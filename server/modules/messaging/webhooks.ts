import { createHmac } from 'node:crypto';
import { parseHeaderLines, type PlatformSettings } from '../../../src/lib/resources/system/messaging.ts';
import { clip, SendFailure } from './failure.ts';

/** A message as the platforms receive it; `to` is for email (a generic webhook passes it on). */
export interface OutgoingMessage {
  subject: string;
  text: string;
  to?: string;
}

type ChatPlatform = 'WEBHOOK' | 'DINGTALK' | 'WECOM' | 'FEISHU';

/** One JSON POST, and how to tell from the reply whether the platform took it. */
export interface WebhookCall {
  url: string;
  headers: Record<string, string>;
  body: string;
  accept(reply: unknown): void;
}

const hmac = (key: string, data: string) => createHmac('sha256', key).update(data, 'utf8');

/** DingTalk robot signing: base64(HMAC-SHA256(key secret, "timestamp\nsecret")), timestamp in ms. */
export const dingtalkSign = (secret: string, timestampMs: number) => hmac(secret, `${timestampMs}\n${secret}`).digest('base64');
/** Feishu robot signing: base64(HMAC-SHA256(key "timestamp\nsecret", empty)), timestamp in seconds. */
export const feishuSign = (secret: string, timestampSec: number) => hmac(`${timestampSec}\n${secret}`, '').digest('base64');
/** Generic webhook signing, checkable by the receiver: sha256=hex(HMAC-SHA256(secret, "timestamp.body")). */
export const webhookSignature = (secret: string, timestampMs: number, body: string) => `sha256=${hmac(secret, `${timestampMs}.${body}`).digest('hex')}`;

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** Robots reply 200 with their own error code: DingTalk and WeCom `errcode`, Feishu `code` (older: `StatusCode`). */
function expectZero(codeKey: string, messageKey: string) {
  return (reply: unknown) => {
    const r = (reply ?? {}) as Record<string, unknown>;
    const code = r[codeKey] ?? r.StatusCode;
    if (code === 0 || code === '0') return;
    throw new SendFailure('messaging.error.platform', { code: String(code ?? '?'), detail: clip(String(r[messageKey] ?? r.StatusMessage ?? JSON.stringify(reply))) });
  };
}

/** The request each chat platform expects for a plain-text message. */
export function webhookCall<P extends ChatPlatform>(platform: P, s: PlatformSettings<P>, msg: OutgoingMessage, now = Date.now()): WebhookCall {
  const content = msg.text ? `${msg.subject}\n\n${msg.text}` : msg.subject;
  switch (platform) {
    case 'DINGTALK': {
      const { url, secret } = s as PlatformSettings<'DINGTALK'>;
      const signed = new URL(url);
      if (secret) {
        signed.searchParams.set('timestamp', String(now));
        signed.searchParams.set('sign', dingtalkSign(secret, now));
      }
      return { url: signed.toString(), headers: JSON_TYPE, body: JSON.stringify({ msgtype: 'text', text: { content } }), accept: expectZero('errcode', 'errmsg') };
    }
    case 'WECOM':
      return { url: (s as PlatformSettings<'WECOM'>).url, headers: JSON_TYPE, body: JSON.stringify({ msgtype: 'text', text: { content } }), accept: expectZero('errcode', 'errmsg') };
    case 'FEISHU': {
      const { url, secret } = s as PlatformSettings<'FEISHU'>;
      const seconds = Math.floor(now / 1000);
      const sign = secret ? { timestamp: String(seconds), sign: feishuSign(secret, seconds) } : {};
      return { url, headers: JSON_TYPE, body: JSON.stringify({ ...sign, msg_type: 'text', content: { text: content } }), accept: expectZero('code', 'msg') };
    }
    default: {
      const w = s as PlatformSettings<'WEBHOOK'>;
      const body = JSON.stringify({ subject: msg.subject, text: msg.text, to: msg.to || null, timestamp: now });
      const headers: Record<string, string> = { ...Object.fromEntries(parseHeaderLines(w.headers) ?? []), ...JSON_TYPE };
      if (w.authorization) headers.authorization = w.authorization;
      if (w.secret) {
        headers['x-castanea-timestamp'] = String(now);
        headers['x-castanea-signature'] = webhookSignature(w.secret, now, body);
      }
      return { url: w.url, headers, body, accept: () => undefined };
    }
  }
}

/** POSTs the call; any non-2xx answer (redirects included: they are not followed) or a refusing reply fails. */
export async function postWebhook(call: WebhookCall, timeoutMs: number): Promise<void> {
  const res = await fetch(call.url, { method: 'POST', headers: call.headers, body: call.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new SendFailure('messaging.error.http', { status: res.status, detail: clip(text || res.statusText || '-') });
  let reply: unknown = null;
  try {
    reply = text ? JSON.parse(text) : null;
  } catch {
    reply = text;
  }
  call.accept(reply);
}
