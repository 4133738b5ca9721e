import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parseHeaderLines, type PlatformSettings } from '../../../shared/resources/system/messaging.ts';
import { clip, SendFailure } from './failure.ts';
import { allowedAddresses, pinnedLookup, type TargetPolicy } from './target-guard.ts';

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
    // The robot's own code and message fields, never its raw reply.
    const message = r[messageKey] ?? r.StatusMessage;
    throw new SendFailure('messaging.error.platform', { code: String(code ?? '?'), detail: typeof message === 'string' ? clip(message, 200) : '-' });
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

/** What a reply may weigh: robots answer a few hundred bytes; more is not read. */
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * POSTs the call to the checked address of its host (see target-guard.ts); any non-2xx answer
 * (redirects included: they are not followed) or a refusing reply fails. A failure names the HTTP
 * status only: the reply's body is never echoed, so "send test" cannot read other servers' pages.
 */
export async function postWebhook(call: WebhookCall, target: string, policy: TargetPolicy, timeoutMs: number): Promise<void> {
  const url = new URL(call.url);
  const addresses = await allowedAddresses(url.hostname, target, policy);
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers: call.headers, lookup: pinnedLookup(addresses), signal: AbortSignal.timeout(timeoutMs) }, resolve);
    req.on('error', reject);
    req.end(call.body);
  });
  const text = await readReply(res);
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299) throw new SendFailure('messaging.error.httpStatus', { status });
  let reply: unknown = null;
  try {
    reply = text ? JSON.parse(text) : null;
  } catch {
    reply = text;
  }
  call.accept(reply);
}

/** The reply's text, at most MAX_REPLY_BYTES of it. */
async function readReply(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REPLY_BYTES) {
      res.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
