import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsMember, cmsMemberExpConfig } from '../member/schema.ts';
import { readerFixtures } from './test-fixtures.ts';

// Issue 31 item 2's experience rules at work: a member earns the Exp Config's experience for a
// comment (at once without audit, when an audit passes it otherwise) and for a like.
const ts = useTestServer();
const fx = readerFixtures(ts);
const expOf = async (memberId: number) => (await ts.database.db.select({ exp: cmsMember.exp }).from(cmsMember).where(eq(cmsMember.memberId, memberId)))[0]!.exp;

beforeAll(async () => {
  await ts.database.db.insert(cmsMemberExpConfig).values([{ opType: 'comment', exp: 5 }, { opType: 'like', exp: 2, dayLimit: 1 }]);
});

describe('experience from comments and likes', () => {
  it('is earned for a comment posted without audit, for one only when an audit passes it, and for a like within its daily limit', async () => {
    const open = await fx.site('Open exp', { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'Y' });
    const audited = await fx.site('Audited exp', { CommentEnabled: 'Y', CommentNeedAudit: 'Y', CommentNeedLogin: 'Y' });
    const m = await fx.member('Earner');
    const c1 = await fx.content(open);
    const r1 = await fx.reader('POST', '/api/comment/submit', { token: m.token, body: { sourceId: c1, content: 'first' } });
    expect(r1.code, r1.msg).toBe(200);
    expect(await expOf(m.memberId)).toBe(5);

    const c2 = await fx.content(audited);
    const r2 = await fx.reader('POST', '/api/comment/submit', { token: m.token, body: { sourceId: c2, content: 'waiting' } });
    expect(await expOf(m.memberId)).toBe(5);
    const pass = await ts.api('POST', '/comment/audit', { token: ts.admin, body: { commentIds: [r2.data.commentId], auditStatus: '1' }, headers: { CurrentSite: String(audited.siteId), repeatSubmit: 'false' } });
    expect(pass.code, pass.msg).toBe(200);
    expect(await expOf(m.memberId)).toBe(10);

    // Likes: 2 the first time of the day, nothing for the second (the rule's daily limit is 1).
    await fx.reader('POST', '/api/member/like', { token: m.token, body: { dataType: 'content', dataId: c1 } });
    await fx.reader('POST', '/api/member/like', { token: m.token, body: { dataType: 'content', dataId: c2 } });
    expect(await expOf(m.memberId)).toBe(12);
  });

  it('is earned once when two moderators pass the same waiting comment at the same moment', async () => {
    const audited = await fx.site('Audited twice', { CommentEnabled: 'Y', CommentNeedAudit: 'Y', CommentNeedLogin: 'Y' });
    const m = await fx.member('Twice');
    const r = await fx.reader('POST', '/api/comment/submit', { token: m.token, body: { sourceId: await fx.content(audited), content: 'check me' } });
    const pass = () => ts.api('POST', '/comment/audit', { token: ts.admin, body: { commentIds: [r.data.commentId], auditStatus: '1' }, headers: { CurrentSite: String(audited.siteId), repeatSubmit: 'false' } });
    const both = await Promise.all([pass(), pass(), pass()]);
    expect(both.map((b) => b.code)).toEqual([200, 200, 200]);
    expect(await expOf(m.memberId)).toBe(5);
  });
});
