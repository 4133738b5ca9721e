import { describe, expect, it } from 'vitest';
import { loadScreen } from '../registry.ts';
import { resourceView } from '../../../lib/resources/view.ts';
import { firstGets } from '../first-gets.ts';
import { listFrame, unpaintable } from './frame.tsx';
import { paintList } from './paint.ts';
import { HELPERS } from '../../prepaint/kit.ts';

// Issue 34: what a list page paints before its scripts, from the build's fragments (frame.tsx) and
// the head script's answers (paint.ts). The browser test (tests/browser/prepaint.test.ts) checks
// the picture against the screen's own; here, the rules a user would notice in the rows.

async function postFrame() {
  const spec = await loadScreen('post');
  const frame = listFrame(spec, resourceView(spec.def), firstGets(spec)[0]);
  if (!frame) throw new Error('posts should be painted');
  return frame;
}

const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });
const post = (i: number, extra: Record<string, unknown> = {}) => ({ postId: i, postCode: `c${i}`, postName: `Post ${i}`, postSort: i, status: '0', createTime: '2026-11-30 08:00:00', ...extra });
/** The answers in the frame's order (`urls`): the list, /getInfo, the status dictionary. */
const answers = (rows: Record<string, unknown>[], total = rows.length, permissions = ['*'], dict = [{ dictValue: '0', dictLabel: '正常', listClass: 'success' }, { dictValue: '1', dictLabel: '停用', listClass: 'danger', cssClass: 'off' }]): unknown[] => [
  ok({ rows, total }),
  ok({ permissions }),
  ok(dict),
];
const rowsOf = (html: string) => html.slice(html.indexOf('<tbody'), html.indexOf('</tbody>')).split('</tr>').slice(0, -1);

describe('a list painted before its scripts', () => {
  it('is built for a plain list and one with buttons of its own, not for one whose extensions draw more', async () => {
    expect(unpaintable(await loadScreen('post'))).toBeNull();
    expect(unpaintable(await loadScreen('operlog'))).toBeNull();
    expect(unpaintable(await loadScreen('dept'))).toBe('extension tree');
    const frame = await postFrame();
    expect(frame.list).toBe('/system/post/list?pageNum=1&pageSize=20');
    expect(frame.urls).toEqual([frame.list, '/getInfo', '/system/dict/data/type/EnableOrDisable']);
  });

  it('draws each row with its values as text, its dictionary labels as the screen tags them, and its pager', async () => {
    const frame = await postFrame();
    const html = paintList(frame, answers([post(1, { postName: '<img src=x onerror=alert(1)>' }), post(2, { status: '1' }), post(3, { status: '9' })], 45), 1440, HELPERS)!;
    const rows = rowsOf(html);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(rows[0]).toMatch(/p-tag-success[^>]*>.*正常/);
    expect(rows[1]).toContain('class="off p-tag p-component p-tag-danger"');
    expect(rows[2]).toContain('<span class="dict-tag"><span>9</span></span>');
    expect(rows[0]).toContain('2026-11-30 08:00:00');
    expect(rows[1]).toContain('p-row-odd');
    expect(html).not.toMatch(/\u27E6/);
    // 45 rows, 20 a page: three page links and the total.
    expect(html.match(/p-paginator-page /g)).toHaveLength(3);
    expect(html).toContain('共 45 条');
  });

  it('shows as many page links as the screen does on a narrow screen', async () => {
    const frame = await postFrame();
    const links = (width: number) => (paintList(frame, answers([post(1)], 1000), width, HELPERS)!.match(/p-paginator-page /g) ?? []).length;
    expect(links(1440)).toBe(7);
    expect(links(800)).toBe(5);
  });

  it('leaves the screen to draw itself when it would draw something else', async () => {
    const frame = await postFrame();
    // A user without every permission the list draws with: buttons and columns differ.
    expect(paintList(frame, answers([post(1)], 1, ['system:post:view']), 1440, HELPERS)).toBeNull();
    expect(paintList(frame, answers([post(1)], 1, ['system:post:view', 'system:post:add', 'system:post:edit', 'system:post:remove', 'system:post:export']), 1440, HELPERS)).not.toBeNull();
    // A time the screen would format itself, an empty page, a refused call.
    expect(paintList(frame, answers([post(1, { createTime: '2026-11-30T08:00:00Z' })]), 1440, HELPERS)).toBeNull();
    expect(paintList(frame, answers([]), 1440, HELPERS)).toBeNull();
    expect(paintList(frame, [{ code: 403, msg: 'no' }, ...answers([post(1)]).slice(1)], 1440, HELPERS)).toBeNull();
    expect(paintList(frame, answers([post(1)]).slice(0, 2), 1440, HELPERS)).toBeNull();
  });
});
