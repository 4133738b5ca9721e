import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { createUser } from '../auth/test-fixtures.ts';
import { jpegBytes, multipartBody, pngBytes } from '../common/test-multipart.ts';
import { sysUser } from './schema.ts';

let ts: TestServer;
let token: string;
let dataDir: string;

const sendAvatar = async (filename: string, content: Buffer, field = 'avatarfile', headers: Record<string, string> = {}) => {
  const body = multipartBody(field, filename, content, { contentType: 'image/png' });
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/system/user/profile/avatar', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, ...headers } });
  return res.json();
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'castanea-avatar-'));
  ts = await startTestServer({ config: { dataDir } });
  await createUser(ts.database.db, 'ava', { password: 'Ava12345' });
  token = (await ts.api('POST', '/login', { body: { username: 'ava', password: 'Ava12345' } })).data;
});
afterAll(async () => {
  await ts?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /system/user/profile/avatar', () => {
  it('stores a png, saves it as the avatar, and getInfo points avatarSrc at it', async () => {
    const r = await sendAvatar('me.png', pngBytes(2048));
    expect(r.code).toBe(200);
    expect(r.data.imgUrl).toMatch(/^\/profile\/upload\/avatar\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const [u] = await ts.database.db.select({ avatar: sysUser.avatar }).from(sysUser).where(eq(sysUser.userName, 'ava'));
    expect(u!.avatar).toBe(r.data.imgUrl);
    const info = await ts.api('GET', '/getInfo', { token });
    expect(info.data.user.avatarSrc).toBe(r.data.imgUrl);
    const served = await ts.server.app.inject({ method: 'GET', url: r.data.imgUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('replaces the previous avatar file with the new one', async () => {
    const first = (await sendAvatar('one.jpg', jpegBytes(500))).data.imgUrl as string;
    const second = (await sendAvatar('two.jpeg', jpegBytes(600))).data.imgUrl as string;
    expect(second).not.toBe(first);
    expect(existsSync(join(dataDir, first.replace('/profile/', '')))).toBe(false);
    expect(existsSync(join(dataDir, second.replace('/profile/', '')))).toBe(true);
  });

  it('refuses other types, fake images, more than 2 MB and the wrong field, in the request language', async () => {
    expect(await sendAvatar('me.gif', Buffer.from('GIF89a....'))).toEqual({ code: 500, msg: '头像只能是 png, jpg, jpeg 格式的图片' });
    expect((await sendAvatar('me.png', Buffer.from('<svg/>'))).code).toBe(500);
    expect((await sendAvatar('me.jpg', pngBytes())).code).toBe(500);
    const big = await sendAvatar('me.png', pngBytes(2 * 1024 * 1024 + 1), 'avatarfile', { 'accept-language': 'en' });
    expect(big).toEqual({ code: 500, msg: 'The avatar image cannot exceed 2 MB' });
    expect((await sendAvatar('me.png', pngBytes(), 'file')).code).toBe(500);
  });
});
