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

// Issue 8, low: the sanitizer kept any style on any tag, so a notice could overlay the console
// (position:fixed), load a tracker (background:url(…)) or run old IE's expression(). Only a few
// formatting properties of safe values stay.
describe('notice styles', () => {
  it('keeps alignment, colours, weight, decoration and indent, and drops everything else', async () => {
    const noticeContent = [
      '<p style="text-align:center;color:#c00;position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999">Centered</p>',
      '<span style="background-color:rgb(255, 255, 0);font-weight:bold;font-style:italic;text-decoration:underline">Marked</span>',
      '<div style="background:url(https://tracker.example/p.gif);background-image:url(x)">Tracked</div>',
      '<p style="color:expression(alert(1));padding-left:3em">Indented</p>',
      '<img src="https://example.com/a.png" style="behavior:url(x.htc);width:expression(1)">',
    ].join('');
    const add = await ts.api('POST', '/system/notice', { token: ts.admin, body: { noticeTitle: 'Styled', noticeContent }, headers: { repeatSubmit: 'false' } });
    expect(add.code, add.msg).toBe(200);
    const saved = (await ts.api('GET', `/system/notice/${add.data.noticeId}`, { token: ts.admin })).data.noticeContent as string;
    expect(saved).toContain('text-align:center');
    expect(saved).toContain('color:#c00');
    expect(saved).toContain('background-color:rgb(255, 255, 0)');
    expect(saved).toContain('font-weight:bold');
    expect(saved).toContain('text-decoration:underline');
    expect(saved).toContain('padding-left:3em');
    expect(saved).not.toMatch(/position|z-index|url\(|expression|behavior|width:100%|tracker/);
  });
});
