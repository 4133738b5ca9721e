import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { PUBLIC_LIMITS } from '../public-api/limits.ts';
import { readerFixtures } from './test-fixtures.ts';

// Issue 31: every write of the readers' API is throttled per address and per member, in the
// database. A member's comments beyond commentPerMember wait (429 with Retry-After); likes count
// against reactPerMember.
const ts = useTestServer({ config: { rateLimits: true } });
const fx = readerFixtures(ts);

/**
 * The throttles count in fixed windows (a minute here): a test crossing a window's end would see
 * its count start again. Starts it early in a window, waiting for the next one when less than
 * `room` is left.
 */
async function freshWindow(windowMs: number, room: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < room) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('the comment and reaction throttles', () => {
  it('refuses a member\'s comment past commentPerMember with 429, and a like past reactPerMember', async () => {
    const site = await fx.site('Throttled', { CommentEnabled: 'Y', CommentNeedAudit: 'N' });
    const c = await fx.content(site);
    const m = await fx.member('Busy');
    const liker = await fx.member('Liker');
    await freshWindow(60_000, 40_000);
    const max = PUBLIC_LIMITS.commentPerMember.max;
    for (let i = 0; i < max; i++) {
      const r = await fx.reader('POST', '/api/comment/submit', { token: m.token, body: { sourceId: c, content: `n${i}` }, ip: `192.0.2.${i + 1}` });
      expect(r.code, r.msg).toBe(200);
    }
    const over = await fx.reader('POST', '/api/comment/submit', { token: m.token, body: { sourceId: c, content: 'one more' }, ip: '192.0.2.200' });
    expect(over.status).toBe(429);
    expect((await fx.counts(c)).commentCount).toBe(max);

    let refused = 0;
    for (let i = 0; i <= PUBLIC_LIMITS.reactPerMember.max; i++) {
      const r = await fx.reader('POST', '/api/member/like', { token: liker.token, body: { dataId: c }, ip: `192.0.2.${(i % 200) + 1}` });
      if (r.status === 429) refused++;
    }
    expect(refused).toBe(1);
    expect((await fx.counts(c)).likeCount).toBe(1);
  }, 120_000);

  it('refuses an anonymous reader\'s comment past commentPerIp, and a captcha past captchaPerIp, with 429', async () => {
    const site = await fx.site('Open throttled', { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'N' });
    const c = await fx.content(site);
    await freshWindow(60_000, 40_000);
    const ip = '192.0.2.250';
    const answers: number[] = [];
    // No captcha sent: each refused (400) but counted, as a flood would be.
    for (let i = 0; i <= PUBLIC_LIMITS.commentPerIp.max; i++) answers.push((await fx.reader('POST', `/api/comment/submit?sid=${site.siteId}`, { body: { sourceId: c, content: `n${i}` }, ip })).status);
    expect(answers.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const captchas: number[] = [];
    for (let i = 0; i <= PUBLIC_LIMITS.captchaPerIp.max; i++) captchas.push((await fx.reader('GET', `/api/comment/captcha?sid=${site.siteId}`, { ip: '192.0.2.251' })).status);
    expect(captchas.filter((s) => s === 429)).toHaveLength(1);
    expect(captchas.at(-1)).toBe(429);
  }, 120_000);
});
