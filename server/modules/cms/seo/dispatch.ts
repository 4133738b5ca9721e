import { and, eq, inArray, lt, sql } from 'drizzle-orm';
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

/** Sends one request: no redirect followed (a redirect is an answer, logged), a bounded wait, an answer cut short. */
async function send(target: PushTarget, props: Record<string, string>, job: Job, timeoutMs: number): Promise<Outcome> {
  const req = requestOf(target, props, job);
  const mask = (s: string) => secretsOf(props).reduce((acc, secret) => acc.split(secret).join('***'), s);
  try {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = (await res.text().catch(() => '')).slice(0, RESPONSE_KEPT);
    const again = res.status >= 500 || res.status === 408 || res.status === 429;
    return { ok: res.status >= 200 && res.status < 300, again, httpStatus: res.status, response: mask(`${req.method} ${shownAddress(req)}\n${text}`) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { ok: false, again: true, httpStatus: null, response: mask(`${req.method} ${shownAddress(req)}\n${why}`.slice(0, RESPONSE_KEPT)) };
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
      ? await send(target, site.configProps, job, opts.timeoutMs ?? PUSH_TIMEOUT_MS)
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
