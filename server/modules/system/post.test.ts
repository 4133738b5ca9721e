import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { readWorkbook } from '../../core/xlsx.ts';

// Posts are the reference resource: everything here comes from its one definition.
const ts = useTestServer();
let viewer: string;

beforeAll(async () => {
  await grantPermission(ts.database.db, 'post_viewer', 'system:post:view');
  await createUser(ts.database.db, 'viewer1', { roles: ['post_viewer'] });
  viewer = await ts.login('viewer1', 'Secret123');
});

const noRepeat = { repeatSubmit: 'false' };

describe('posts through the resource pattern', () => {
  it('lists the seeded posts in sort order, paged', async () => {
    const r = await ts.api('GET', '/system/post/list', { token: ts.admin, query: { pageNum: '1', pageSize: '2' } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(4);
    expect(r.data.rows.map((p: { postCode: string }) => p.postCode)).toEqual(['ceo', 'se']);
    expect(r.data.rows[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('adds, reads, edits, filters and deletes a post', async () => {
    const add = await ts.api('POST', '/system/post', { token: ts.admin, body: { postCode: 'qa', postName: 'Quality', postSort: 5, status: '0' } });
    expect(add.code).toBe(200);
    const id = add.data.postId as number;
    expect((await ts.api('GET', `/system/post/${id}`, { token: ts.admin })).data).toMatchObject({ postCode: 'qa', postName: 'Quality' });
    expect((await ts.api('PUT', '/system/post', { token: ts.admin, body: { postId: String(id), postName: 'QA team' }, headers: noRepeat })).code).toBe(200);
    const found = await ts.api('GET', '/system/post/list', { token: ts.admin, query: { postName: 'qa t' } });
    expect(found.data.rows).toHaveLength(1);
    expect(found.data.rows[0]).toMatchObject({ postId: id, postName: 'QA team', postCode: 'qa' });
    expect((await ts.api('DELETE', '/system/post', { token: ts.admin, body: [id] })).code).toBe(200);
    expect((await ts.api('GET', `/system/post/${id}`, { token: ts.admin })).code).toBe(500);
  });

  it('refuses a duplicate code naming the field, in the request language', async () => {
    const r = await ts.api('POST', '/system/post', { token: ts.admin, body: { postCode: 'ceo', postName: 'Another' }, headers: { 'accept-language': 'en' } });
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/ceo.*already exists/);
  });

  it('refuses a bad code with a message naming the field', async () => {
    const r = await ts.api('POST', '/system/post', { token: ts.admin, body: { postCode: 'bad code!', postName: 'X' }, headers: { 'accept-language': 'en' } });
    expect(r).toMatchObject({ code: 500 });
    expect(r.msg).toMatch(/letters, digits and underscores/);
  });

  it('lets a viewer read but not write', async () => {
    expect((await ts.api('GET', '/system/post/list', { token: viewer })).code).toBe(200);
    expect((await ts.api('POST', '/system/post', { token: viewer, body: { postCode: 'x1', postName: 'X1' } })).code).toBe(403);
    expect((await ts.api('DELETE', '/system/post', { token: viewer, body: [1] })).code).toBe(403);
  });

  it('deletes nothing when one of the ids does not exist', async () => {
    const r = await ts.api('DELETE', '/system/post', { token: ts.admin, body: [1, 999999], headers: noRepeat });
    expect(r.code).toBe(500);
    expect((await ts.api('GET', '/system/post/1', { token: ts.admin })).code).toBe(200);
  });

  it('exports the list columns to .xlsx with dictionary labels', async () => {
    const res = await ts.server.app.inject({
      method: 'POST',
      url: '/prod-api/system/post/list',
      headers: { authorization: `Bearer ${ts.admin}`, 'cc-export': '1', 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'postName=&status=0',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^post_\d+\.xlsx$/);
    const wb = await readWorkbook(res.rawPayload);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Post id', 'Post code', 'Post name', 'Sort', 'Status', 'Created']);
    expect(ws.getRow(2).getCell(5).value).toBe('Enable');
    expect(ws.rowCount).toBe(5);
  });
});

describe('editing keeps what the form did not send', () => {
  it('leaves sort and status alone when only the name changes', async () => {
    const add = await ts.api('POST', '/system/post', { token: ts.admin, body: { postCode: 'ops', postName: 'Ops', postSort: 7, status: '1' } });
    const id = add.data.postId;
    await ts.api('PUT', '/system/post', { token: ts.admin, body: { postId: id, postName: 'Operations' } });
    expect((await ts.api('GET', `/system/post/${id}`, { token: ts.admin })).data).toMatchObject({ postName: 'Operations', postSort: 7, status: '1' });
  });
});
