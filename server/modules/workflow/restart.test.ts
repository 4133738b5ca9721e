import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { apiOf, startOn } from './test-restart.ts';
import { sysUser } from '../system/schema.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { H, setUpReviewWorld } from './test-review.ts';

// A review's state is in the database: a server stopped in the middle of one and started again on
// the same PGlite folder carries on from the step it had reached.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-review-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () => startOn(dataDir);

describe('a review across a restart', () => {
  it('loses nothing: the second step waits after the restart, and its approval publishes', async () => {
    const first = await start();
    const api = apiOf(first);
    const login = async (name: string, password = 'Secret123') => {
      await first.services.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, name));
      return (await api('POST', '/login', { body: { username: name, password } })).data as string;
    };
    const admin = await login('admin', 'admin123');
    const w = await setUpReviewWorld(api, first.services.db, { createUser, grantPermission }, admin, (name) => login(name));
    const on = { ...H, CurrentSite: String(w.siteId) };
    const made = await api('POST', '/cms/content?contentType=article', { token: w.tokens.editor, headers: on, body: { catalogId: w.reviewed, title: 'Survives', contentHtml: '<p>x</p>' } });
    const contentId = made.data.contentId as number;
    expect((await api('POST', '/cms/content/publish', { token: w.tokens.editor, headers: on, body: { contentIds: [contentId] } })).data).toMatchObject({ submitted: 1 });
    const desk = (await api('GET', '/workflow/review/todo', { token: w.tokens.first, headers: on })).data.rows[0];
    expect((await api('POST', `/workflow/review/${desk.taskId}/approve`, { token: w.tokens.first, headers: on, body: {} })).code).toBe(200);
    await first.close();

    const second = await start();
    try {
      const again = apiOf(second);
      // Sessions are in the database too: the same tokens work.
      const chief = (await again('GET', '/workflow/review/todo', { token: w.tokens.second, headers: on })).data.rows;
      expect(chief.map((t: { contentId: number; step: string }) => [t.contentId, t.step])).toEqual([[contentId, 'Chief check']]);
      expect((await again('POST', `/workflow/review/${chief[0].taskId}/approve`, { token: w.tokens.second, headers: on, body: {} })).code).toBe(200);
      const content = await again('GET', `/cms/content/init/${w.reviewed}/article/${contentId}`, { token: w.tokens.editor, headers: on });
      expect(content.data.status).toBe('30');
    } finally {
      await second.close();
    }
  }, 120_000);
});
