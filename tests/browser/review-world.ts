import { expect } from 'vitest';
import type { Harness } from './harness.ts';
import { apiLogin } from './cms-api.ts';
import { createUser, grantPermission } from '../../server/modules/auth/test-fixtures.ts';
import { H, setUpReviewWorld, type ReviewWorld } from '../../server/modules/workflow/test-review.ts';

/** The review world of server/modules/workflow/test-review.ts on a browser harness, with contents submitted by its editor. */
export async function reviewWorldWith(h: Harness, titles: readonly string[]): Promise<{ w: ReviewWorld; ids: number[] }> {
  const admin = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  const w = await setUpReviewWorld(h.server.api, h.server.database.db, { createUser, grantPermission }, admin, (name) => apiLogin(h, name, 'Secret123'), 'rv');
  const asEditor = async (method: string, path: string, body: unknown) => {
    const r = await h.server.api(method, path, { token: w.tokens.editor, body, headers: { ...H, CurrentSite: String(w.siteId) } });
    expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const ids: number[] = [];
  for (const title of titles) {
    const { contentId } = await asEditor('POST', '/cms/content?contentType=article', { catalogId: w.reviewed, title, contentHtml: `<p>${title}</p>` });
    expect((await asEditor('POST', '/cms/content/publish', { contentIds: [contentId] })).submitted).toBe(1);
    ids.push(contentId);
  }
  return { w, ids };
}

/** Signs the browser in as one of the world's people (wf<who>) with the world's site as the current one. */
export async function signInOnSite(h: Harness, who: string, siteId: number): Promise<void> {
  await h.signInAs(`wf${who}`, 'Secret123');
  await h.chooseSite(siteId);
}
