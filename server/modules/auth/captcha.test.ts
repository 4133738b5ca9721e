import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { sysLogininfor } from '../monitor/schema.ts';
import { sysCaptcha } from './schema.ts';
import { CAPTCHA_BACKGROUND, drawCaptcha } from './captcha.ts';
import { createUser } from './test-fixtures.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ config: { captchaEnabled: true } });
  await createUser(ts.database.db, 'carol', { password: 'Carol12345' });
});
afterAll(() => ts?.close());

/** A fresh captcha: its uuid and the answer read back from sys_captcha. */
async function captcha() {
  const r = await ts.api('GET', '/captchaImage');
  expect(r.code).toBe(200);
  const [row] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, r.data.uuid));
  return { uuid: r.data.uuid as string, code: row!.code, reply: r };
}
const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ts.api('POST', '/login', { body: { username: 'carol', password: 'Carol12345', ...body }, headers });

describe('captcha', () => {
  it('issues an SVG image as bare base64 with a uuid, valid for about two minutes', async () => {
    const { reply, code } = await captcha();
    expect(reply.data).toMatchObject({ captchaEnabled: true, imgType: 'image/svg+xml' });
    expect(reply.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const svg = Buffer.from(reply.data.img, 'base64').toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(code).toHaveLength(4);
    const [row] = await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, reply.data.uuid));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(100_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
    expect((await ts.api('GET', '/login/config')).data.captcha).toEqual({ enabled: true, type: 'Text' });
  });

  it('requires an answer when enabled', async () => {
    expect(await login({})).toEqual({ code: 500, msg: '请输入验证码' });
    const [log] = await ts.database.db.select().from(sysLogininfor).where(eq(sysLogininfor.msg, '请输入验证码'));
    expect(log).toMatchObject({ userName: 'carol', status: '1' });
  });

  it('refuses a wrong answer and consumes the captcha, so the right answer afterwards is refused too', async () => {
    const { uuid, code } = await captcha();
    const wrong = code === 'abcd' ? 'abce' : 'abcd';
    expect(await login({ uuid, code: wrong }, { 'accept-language': 'en' })).toEqual({ code: 500, msg: 'Wrong captcha' });
    expect(await login({ uuid, code })).toEqual({ code: 500, msg: '验证码已失效，请刷新后重试' });
  });

  it('accepts the right answer in any letter case, once', async () => {
    const { uuid, code } = await captcha();
    const ok = await login({ uuid, code: code.toUpperCase() === code ? code.toLowerCase() : code.toUpperCase() });
    expect(ok.code).toBe(200);
    expect(typeof ok.data).toBe('string');
    const reused = await login({ uuid, code });
    expect(reused).toEqual({ code: 500, msg: '验证码已失效，请刷新后重试' });
  });

  it('refuses an expired captcha even with the right answer, and clears expired rows when issuing', async () => {
    const { uuid, code } = await captcha();
    await ts.database.db.update(sysCaptcha).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysCaptcha.uuid, uuid));
    expect((await login({ uuid, code })).msg).toBe('验证码已失效，请刷新后重试');
    const stale = await captcha();
    await ts.database.db.update(sysCaptcha).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysCaptcha.uuid, stale.uuid));
    await captcha();
    expect(await ts.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, stale.uuid))).toEqual([]);
  });

  it('checks the captcha before the password, so a wrong password with a wrong captcha says "captcha"', async () => {
    const { uuid } = await captcha();
    expect((await login({ uuid, code: '####', password: 'nope' })).msg).toBe('验证码错误');
  });
});

describe('legibility (issue #8: the captcha was hard to read at its real size)', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  it('draws every character at a contrast of at least 4.5:1 against its light card, which fills the image', () => {
    for (let i = 0; i < 200; i++) {
      const { text, data } = drawCaptcha();
      expect(data).toContain(`<rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>`);
      // Character shapes are filled paths; the noise line is a stroked one.
      const glyphs = [...data.matchAll(/<path fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]!);
      expect(glyphs).toHaveLength(text.length);
      for (const colour of glyphs) expect(contrast(colour, CAPTCHA_BACKGROUND), `${colour} in ${text}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves out characters that read alike', () => {
    for (let i = 0; i < 200; i++) expect(drawCaptcha().text).not.toMatch(/[0oO1lIiaqg9]/);
  });
});
