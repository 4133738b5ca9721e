import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';

let ts: TestServer;
let admin: string;

beforeAll(async () => {
  ts = await startTestServer();
  admin = (await ts.api('POST', '/login', { body: { username: 'admin', password: 'admin123' } })).data as string;
});
afterAll(() => ts.close());

describe('notices', () => {
  it('stores rich text without scripts or event handlers', async () => {
    const body = { noticeTitle: 'Maintenance', noticeContent: '<p onclick="steal()">Down <b>tonight</b><script>alert(1)</script><a href="javascript:evil()">x</a></p>' };
    const add = await ts.api('POST', '/system/notice', { token: admin, body });
    expect(add.code, add.msg).toBe(200);
    const saved = (await ts.api('GET', `/system/notice/${add.data.noticeId}`, { token: admin })).data;
    expect(saved.noticeContent).toContain('<b>tonight</b>');
    expect(saved.noticeContent).not.toMatch(/script|onclick|javascript:/);
    expect(saved).toMatchObject({ noticeTitle: 'Maintenance', noticeType: '1', status: '0', createBy: 'admin' });
  });

  it('lists with the author filter and refuses an empty title', async () => {
    const list = await ts.api('GET', '/system/notice/list', { token: admin, query: { createBy: 'adm' } });
    expect(list.data.total).toBe(1);
    const bad = await ts.api('POST', '/system/notice', { token: admin, body: { noticeTitle: ' ' }, headers: { 'accept-language': 'en', repeatSubmit: 'false' } });
    expect(bad.code).toBe(500);
  });
});
