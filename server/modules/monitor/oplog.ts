import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/access.ts';
import type { AnyRoute } from '../../core/route.ts';
import { sysOperLog } from './schema.ts';

// Passwords, signing secrets, tokens and credentials sent as headers (a webhook's Authorization).
const SECRET_KEY = /pass(word)?|pwd|secret|token|authori[sz]ation|credential|cookie/i;
const MAX_TEXT = 2000;

/** Masks anything that looks like a credential before a request body is written to the log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '******' : redact(v)]));
  }
  return value;
}

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

export interface OperationRecord {
  actor: Actor;
  req: FastifyRequest;
  route: AnyRoute;
  body: unknown;
  status: '0' | '1';
  result: { code: number; msg: string };
  costMs: number;
}

export async function recordOperation(db: Db, r: OperationRecord): Promise<void> {
  const log = r.route.log || undefined;
  await db.insert(sysOperLog).values({
    title: log?.title ?? r.route.url,
    businessType: log?.type ?? (r.route.method === 'DELETE' ? 'DELETE' : r.route.method === 'PUT' ? 'UPDATE' : 'OTHER'),
    requestMethod: r.route.method,
    operName: r.actor.userName,
    operUrl: r.req.url.split('?')[0]!,
    operIp: r.req.ip,
    operParam: clip(JSON.stringify(redact((log?.mask ? log.mask(r.body) : r.body) ?? null))),
    jsonResult: clip(JSON.stringify({ code: r.result.code, msg: r.result.msg })),
    status: r.status,
    errorMsg: r.status === '1' ? r.result.msg : null,
    costTime: r.costMs,
  });
}
