import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';

const ts = useTestServer();

describe('notices', () => {
  it('stores rich text without scripts or event handlers', async () => {
    const body = { noticeTitle: 'Maintenance', noticeContent: '<p onclick="steal()">Down <b>tonight</b><script>alert(1)</script><a href="javascript:evil()">x</a></p>' };
    const add = await ts.api('POST', '/system/notice', { token: ts.admin, body });
    expect(add.code, add.msg).toBe(200);
    const saved = (await ts.api('GET', `/system/notice/${add.data.noticeId}`, { token: ts.admin })).data;
    expect(saved.noticeContent).toContain('<b>tonight</b>');
    expect(saved.noticeContent).not.toMatch(/script|onclick|javascript:/);
    expect(saved).toMatchObject({ noticeTitle: 'Maintenance', noticeType: '1', status: '0', createBy: 'admin' });
  });

  it('lists with the author filter and refuses an empty title', async () => {
    const list = await ts.api('GET', '/system/notice/list', { token: ts.admin, query: { createBy: 'adm' } });
    expect(list.data.total).toBe(1);
    const bad = await ts.api('POST', '/system/notice', { token: ts.admin, body: { noticeTitle: ' ' }, headers: { 'accept-language': 'en', repeatSubmit: 'false' } });
    expect(bad.code).toBe(500);
  });
});
