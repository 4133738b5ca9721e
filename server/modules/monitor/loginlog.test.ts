import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser } from '../auth/test-fixtures.ts';
import { sysLogininfor } from './schema.ts';
import { readWorkbook } from '../../core/xlsx.ts';

// Walkthrough (issue #8): login-log messages were stored as zh-CN text when the event was
// written, so the English and zh-TW login log screens showed 登录成功 / 用户名或密码错误. They are
// kept as message keys and parameters and translated into the reader's language; rows written
// before that show their stored text.
const ts = useTestServer();
type LogRow = { userName: string; status: string; msg: string };

beforeAll(async () => {
  await createUser(ts.database.db, 'reader1', { password: 'Reader1234' });
  // A wrong password first (the seeded policy counts it: "attempts left: 4"), then the right one.
  await ts.api('POST', '/login', { body: { username: 'reader1', password: 'wrong-one' }, headers: { 'accept-language': 'en' } });
  const token = await ts.login('reader1', 'Reader1234');
  await ts.api('POST', '/logout', { token });
  // A row from before messages were keys: its text is all there is.
  await ts.database.db.insert(sysLogininfor).values({ userName: 'reader1', status: '0', msg: '旧版本的登录成功' });
});

const messages = async (language: string) => {
  const r = await ts.api('GET', '/monitor/logininfor/list', { token: ts.admin, headers: { 'accept-language': language }, query: { userName: 'reader1', orderByColumn: 'infoId', isAsc: 'asc' } });
  expect(r.code, r.msg).toBe(200);
  return (r.data.rows as LogRow[]).map((row) => row.msg);
};

describe('login log messages', () => {
  it('read in the reader\'s language, whatever language the sign-in used', async () => {
    expect(await messages('en')).toEqual(['Wrong user name or password; attempts left: 4', 'Signed in', 'Signed out', '旧版本的登录成功']);
    expect(await messages('zh-TW')).toEqual(['使用者名稱或密碼錯誤，還可以嘗試 4 次', '登入成功', '登出成功', '旧版本的登录成功']);
    expect(await messages('zh-CN')).toEqual(['用户名或密码错误，还可以尝试 4 次', '登录成功', '退出成功', '旧版本的登录成功']);
  });

  it('are exported in the reader\'s language too, and replies carry no key columns', async () => {
    const list = await ts.api('GET', '/monitor/logininfor/list', { token: ts.admin, query: { userName: 'reader1' } });
    expect(Object.keys(list.data.rows[0])).not.toContain('msgKey');
    const res = await ts.server.app.inject({
      method: 'POST',
      url: '/prod-api/monitor/logininfor/list',
      headers: { authorization: `Bearer ${ts.admin}`, 'cc-export': '1', 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-TW' },
      payload: 'userName=reader1',
    });
    const wb = await readWorkbook(res.rawPayload);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('提示訊息') + 1;
    expect(column, `a message column among ${header.join(', ')}`).toBeGreaterThan(0);
    const cells = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(column).value);
    expect(cells.sort()).toEqual(['使用者名稱或密碼錯誤，還可以嘗試 4 次', '旧版本的登录成功', '登入成功', '登出成功'].sort());
  });
});
