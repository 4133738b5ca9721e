import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { sysJob } from './schema.ts';
import { parseTarget } from './registry.ts';
import serverZhCN from '../../core/messages/zh-CN.ts';

// Issue 26 item 7: the seeded jobs were named in English whatever the reader's language.

const ts = useTestServer();
/** A seeded job's name in a language (the CMS's are its messages: this module does not import them). */
const named = (lng: 'zh-CN' | 'zh-TW' | 'en', key: string) => ts.server.services.i18n.translator(lng)(`job.name.${key}`);
const H = { repeatSubmit: 'false' };
const list = async (lng: string) => (await ts.api('GET', '/monitor/job/list', { token: ts.admin, headers: { 'accept-language': lng }, query: { pageNum: '1', pageSize: '50' } })).data!.rows as { jobId: number; jobName: string; invokeTarget: string }[];
const nameOf = async (lng: string, target: string) => (await list(lng)).find((j) => j.invokeTarget === target)!.jobName;

describe('seeded job names', () => {
  it('are seeded as their English name, so an older database\'s rows are recognised too', async () => {
    const en = ts.server.services.i18n.translator('en');
    const rows = await ts.database.db.select().from(sysJob).where(eq(sysJob.createBy, 'system'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const key = parseTarget(ts.server.services, row.invokeTarget)?.task.jobName;
      expect(key, row.invokeTarget).toBeTruthy();
      expect(row.jobName, row.invokeTarget).toBe(en(key!));
    }
  });

  it('are shown in the reader\'s language, in the list, the detail and the run log', async () => {
    expect(named('zh-CN', 'cmsPublishDue')).toMatch(/^CMS：[\u4e00-\u9fff]+$/);
    expect(await nameOf('zh-CN', 'cms.publishDue')).toBe(named('zh-CN', 'cmsPublishDue'));
    expect(await nameOf('zh-TW', 'cms.publishDue')).toBe(named('zh-TW', 'cmsPublishDue'));
    expect(await nameOf('en', 'cms.publishDue')).toBe(named('en', 'cmsPublishDue'));
    expect(await nameOf('zh-CN', 'db.vacuum')).toBe(serverZhCN.job.name.dbVacuum);
    const job = (await list('zh-CN')).find((j) => j.invokeTarget === 'cms.topExpired')!;
    const detail = await ts.api('GET', `/monitor/job/${job.jobId}`, { token: ts.admin, headers: { 'accept-language': 'zh-TW' } });
    expect(detail.data.jobName).toBe(named('zh-TW', 'cmsTopExpired'));
    const run = await ts.api('PUT', '/monitor/job/run', { token: ts.admin, headers: H, body: { jobId: job.jobId } });
    expect(run.code, run.msg).toBe(200);
    const logs = await ts.api('GET', '/monitor/jobLog/list', { token: ts.admin, headers: { 'accept-language': 'zh-CN' }, query: { pageNum: '1', pageSize: '10', jobId: String(job.jobId) } });
    expect(logs.data.rows[0].jobName).toBe(named('zh-CN', 'cmsTopExpired'));
  });

  it('stay translated when the form is saved unchanged in another language, and a renamed job keeps its name as typed', async () => {
    const job = (await list('zh-TW')).find((j) => j.invokeTarget === 'cms.offlineDue')!;
    const got = (await ts.api('GET', `/monitor/job/${job.jobId}`, { token: ts.admin, headers: { 'accept-language': 'zh-TW' } })).data;
    // What the form sends back.
    const detail: Record<string, unknown> = { ...Object.fromEntries(['jobId', 'jobName', 'jobGroup', 'invokeTarget', 'cronExpression', 'misfirePolicy', 'concurrent', 'status'].map((k) => [k, got[k]])), remark: got.remark ?? '' };
    expect(detail.jobName).toBe(named('zh-TW', 'cmsOfflineDue'));
    const saved = await ts.api('PUT', '/monitor/job', { token: ts.admin, headers: { ...H, 'accept-language': 'zh-TW' }, body: detail });
    expect(saved.code, saved.msg).toBe(200);
    expect(await nameOf('en', 'cms.offlineDue')).toBe(named('en', 'cmsOfflineDue'));
    const renamed = await ts.api('PUT', '/monitor/job', { token: ts.admin, headers: H, body: { ...detail, jobName: '夜间下线' } });
    expect(renamed.code, renamed.msg).toBe(200);
    for (const lng of ['zh-CN', 'zh-TW', 'en']) expect(await nameOf(lng, 'cms.offlineDue'), lng).toBe('夜间下线');
  });

});
