import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { allowedAddresses, pinnedLookup } from '../../messaging/index.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsPushJob } from './schema.ts';
import { requestOf, secretsOf, shownAddress, targetsOf, type PushTarget } from './targets.ts';

/** Attempts a job gets before it is FAILED for good: a receiver that keeps failing is not called forever. */
export const MAX_PUSH_ATTEMPTS = 4;
/** The wait before the 2nd, 3rd, 4th attempt: 1, 5 and 25 minutes (×5 each time). */
export const PUSH_BACKOFF_MS = 60_000;
/** A request gets this long to answer. */
export const PUSH_TIMEOUT_MS = 15_000;
/** What the log keeps of an answer. */
export const RESPONSE_KEPT = 2000;
/** How long the log keeps finished pushes. */
export const PUSH_LOG_KEEP_DAYS = 30;
/** A claimed (RUNNING) job held longer than this was left by a process that stopped: it is taken again. */
const LEASE_MS = 2 * PUSH_TIMEOUT_MS;

export interface DispatchOptions {
  /** jobs sent per call (default 20) */
  limit?: number;
  /** the first retry's wait (default PUSH_BACKOFF_MS); tests shorten it */
  backoffMs?: number;
  timeoutMs?: number;
  /** internal hosts requests may go to (config pushAllowedHosts, env PUSH_ALLOWED_HOSTS); any other non-public address is refused */
  allowedHosts?: readonly string[];
}

type Job = typeof cmsPushJob.$inferSelect;

/** Claims due jobs (PENDING whose time has come, or RUNNING left by a stopped process): several processes on one PostgreSQL take different ones. */
async function claim(db: Db, limit: number): Promise<Job[]> {
  const res = await db.execute(sql`
    update cms_push_job u set status = 'RUNNING', attempts = u.attempts + 1, next_time = now() + (${LEASE_MS}::int * interval '1 millisecond')
    where u.job_id in (
      select j.job_id from cms_push_job j where j.status in ('PENDING', 'RUNNING') and j.next_time <= now()
      order by j.next_time, j.job_id limit ${limit} for update skip locked)
    returning u.job_id`);
  const ids = executedRows(res).map((r) => Number(r.job_id));
  return ids.length ? db.select().from(cmsPushJob).where(inArray(cmsPushJob.jobId, ids)) : [];
}

interface Outcome {
  ok: boolean;
  /** worth trying again (no answer, 5xx, 408, 429) */
  again: boolean;
  httpStatus: number | null;
  response: string;
}

/** The answer's text, at most RESPONSE_KEPT characters of it (the rest is not read). */
async function readAnswer(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length >= RESPONSE_KEPT) {
      res.destroy();
      break;
    }
  }
  return text.slice(0, RESPONSE_KEPT);
}

/**
 * Sends one request to a public address only (or one the operator listed in PUSH_ALLOWED_HOSTS):
 * the host is resolved, every address checked and the connection pinned to them (messaging's
 * target guard), so a site's settings cannot make the server a probe of its own network (a
 * cloud's metadata, an admin port) whose answers the push log would show. No redirect is followed
 * (a redirect is an answer, logged), the wait is bounded, the answer cut short and its secrets masked.
 */
async function send(target: PushTarget, props: Record<string, string>, job: Job, opts: { timeoutMs: number; allowedHosts: readonly string[] }): Promise<Outcome> {
  const req = requestOf(target, props, job);
  const shown = `${req.method} ${shownAddress(req)}`;
  const mask = (s: string) => secretsOf(props).reduce((acc, secret) => acc.split(secret).join('***'), s);
  const url = new URL(req.url);
  let addresses;
  try {
    addresses = await allowedAddresses(url.hostname, url.host, { allowedHosts: opts.allowedHosts });
  } catch (err) {
    // A name that does not resolve (now) may later; an internal address stays refused.
    const dns = typeof (err as { code?: unknown }).code === 'string';
    const why = dns ? `${url.hostname}: ${(err as { code: string }).code}` : `${url.host} is an internal address (loopback, private, link-local or reserved): refused unless PUSH_ALLOWED_HOSTS lists it`;
    return { ok: false, again: dns, httpStatus: null, response: mask(`${shown}\n${why}`) };
  }
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const call = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const headers = body ? { ...req.headers, 'content-length': String(body.length) } : req.headers;
      const r = call(url, { method: req.method, headers, lookup: pinnedLookup(addresses), signal: AbortSignal.timeout(opts.timeoutMs) }, resolve);
      r.on('error', reject);
      r.end(body);
    });
    const status = res.statusCode ?? 0;
    const text = await readAnswer(res).catch(() => '');
    const again = status >= 500 || status === 408 || status === 429;
    return { ok: status >= 200 && status < 300, again, httpStatus: status, response: mask(`${shown}\n${text}`) };
  } catch (err) {
    const e = err as Error & { code?: string };
    const why = e.name === 'AbortError' || e.name === 'TimeoutError' ? `no answer in ${opts.timeoutMs / 1000} s` : (e.code ?? e.message);
    return { ok: false, again: true, httpStatus: null, response: mask(`${shown}\n${why}`.slice(0, RESPONSE_KEPT)) };
  }
}

/**
 * Sends the jobs that are due (seo/queue.ts queued them after publishes), each with its own site's
 * settings as they are now (a target switched off since is not called), and records the outcome
 * on the job: SUCCESS; PENDING again after a wait growing ×5 when the receiver failed in a way
 * worth retrying, until MAX_PUSH_ATTEMPTS; FAILED otherwise (a 4xx answer, or the attempts used).
 * Returns how many jobs were handled.
 */
export async function dispatchPushes(db: Db, opts: DispatchOptions = {}): Promise<number> {
  const jobs = await claim(db, opts.limit ?? 20);
  const backoff = opts.backoffMs ?? PUSH_BACKOFF_MS;
  await Promise.all(jobs.map(async (job) => {
    const [site] = await db.select({ configProps: cmsSite.configProps }).from(cmsSite).where(eq(cmsSite.siteId, job.siteId));
    const target = job.target as PushTarget;
    const on = site && targetsOf(site.configProps).some((t) => t.target === target);
    const outcome: Outcome = on
      ? await send(target, site.configProps, job, { timeoutMs: opts.timeoutMs ?? PUSH_TIMEOUT_MS, allowedHosts: opts.allowedHosts ?? [] })
      : { ok: false, again: false, httpStatus: null, response: 'switched off in the site\'s settings since it was queued' };
    const retry = !outcome.ok && outcome.again && job.attempts < MAX_PUSH_ATTEMPTS;
    await db.update(cmsPushJob).set({
      status: outcome.ok ? 'SUCCESS' : retry ? 'PENDING' : 'FAILED',
      httpStatus: outcome.httpStatus,
      response: outcome.response,
      nextTime: retry ? sql`now() + (${backoff * 5 ** (job.attempts - 1)}::bigint * interval '1 millisecond')` : sql`now()`,
      endTime: retry ? null : sql`now()`,
    }).where(and(eq(cmsPushJob.jobId, job.jobId), eq(cmsPushJob.status, 'RUNNING')));
  }));
  return jobs.length;
}

/** Puts a job of the site back to be sent now (the console's "send again"), its attempts counted afresh; one being sent is left alone. */
export async function retryJob(db: DbOrTx, siteId: number, jobId: number): Promise<boolean> {
  const res = await db.update(cmsPushJob).set({ status: 'PENDING', attempts: 0, nextTime: sql`now()`, endTime: null })
    .where(and(eq(cmsPushJob.jobId, jobId), eq(cmsPushJob.siteId, siteId), inArray(cmsPushJob.status, ['PENDING', 'SUCCESS', 'FAILED']))).returning({ id: cmsPushJob.jobId });
  return res.length > 0;
}

/** Forgets finished pushes that ended more than `days` ago (a site republished daily adds rows every day). Returns how many went. */
export async function prunePushLog(db: DbOrTx, days = PUSH_LOG_KEEP_DAYS, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const gone = await db.delete(cmsPushJob).where(and(inArray(cmsPushJob.status, ['SUCCESS', 'FAILED']), lt(cmsPushJob.endTime, before))).returning({ id: cmsPushJob.jobId });
  return gone.length;
}
