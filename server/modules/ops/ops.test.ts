import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';

const ts = useTestServer();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('server monitor', () => {
  it('reports CPU, memory, the Node process and disks', async () => {
    const r = (await ts.api('GET', '/monitor/server', { token: ts.admin })).data;
    expect(r.cpu.cpuNum).toBeGreaterThan(0);
    expect(r.cpu.used + r.cpu.sys + r.cpu.free).toBeGreaterThan(99);
    expect(r.mem.total).toBeGreaterThan(r.mem.free);
    expect(r.node.version).toBe(process.version);
    expect(r.disks.length).toBeGreaterThan(0);
    expect(r.disks[0]).toMatchObject({ dirName: expect.any(String), usage: expect.any(Number) });
  });
});

describe('cache monitor', () => {
  it('lists caches with their keys, shows a value, clears one cache', async () => {
    const stats = (await ts.api('GET', '/monitor/cache', { token: ts.admin, headers: { 'accept-language': 'en' } })).data;
    const i18n = stats.caches.find((c: { cacheName: string }) => c.cacheName === 'i18n');
    expect(i18n.size).toBeGreaterThan(100);
    const keys = (await ts.api('GET', '/monitor/cache/getKeys/i18n', { token: ts.admin })).data as string[];
    expect(keys).toContain('en:MENU.NAME.1');
    const v = (await ts.api('GET', '/monitor/cache/getValue/i18n', { token: ts.admin, query: { key: 'en:MENU.NAME.1' } })).data;
    expect(JSON.parse(v.cacheValue)).toBe('System');
    // A cache that is not registered is refused, whether read or cleared.
    expect((await ts.api('GET', '/monitor/cache/getKeys/nope', { token: ts.admin })).code).toBe(500);
    expect((await ts.api('DELETE', '/monitor/cache/clearCacheName/nope', { token: ts.admin })).code).toBe(500);
    // A write leaves a repeat-submit entry; clearing that cache lets the same write through at once.
    const body = { nickName: 'Clear me' };
    await ts.api('PUT', '/system/user/profile', { token: ts.admin, body });
    expect((await ts.api('PUT', '/system/user/profile', { token: ts.admin, body })).code).toBe(601);
    expect((await ts.api('DELETE', '/monitor/cache/clearCacheName/repeatSubmit', { token: ts.admin })).code).toBe(200);
    expect((await ts.api('PUT', '/system/user/profile', { token: ts.admin, body })).code).toBe(200);
  });
});

describe('async tasks', () => {
  it('shows progress and stops a running task', async () => {
    const task = ts.server.services.tasks.submit('demo', 'Long job', 'admin', async ({ progress, signal }) => {
      for (let i = 0; i < 100 && !signal.aborted; i++) {
        progress(i);
        await sleep(20);
      }
    });
    await sleep(120);
    const running = (await ts.api('GET', `/async/task/${task.taskId}`, { token: ts.admin })).data;
    expect(running.status).toBe('RUNNING');
    expect(running.percent).toBeGreaterThan(0);
    expect((await ts.api('PUT', `/monitor/async/task/stop/${task.taskId}`, { token: ts.admin })).code).toBe(200);
    await sleep(60);
    const list = (await ts.api('GET', '/monitor/async/task/list', { token: ts.admin })).data;
    expect(list.rows.find((t: { taskId: string }) => t.taskId === task.taskId).status).toBe('INTERRUPTED');
  });
});
