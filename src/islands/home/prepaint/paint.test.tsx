import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CONTENT_STATUS_DICT } from '../../../../shared/cms/content.ts';
import { HELPERS } from '../../prepaint/kit.ts';
import { prepaintScript } from '../../prepaint/script.ts';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { $dicts } from '../../../stores/dicts.ts';
import { $serverRoutes } from '../../../stores/routes.ts';
import { toSessionUser } from '../../../stores/session.ts';
import home from '../../../lib/i18n/ns/home.ts';
import { dashboardOf, type SiteStat } from '../../../lib/cms/dashboard.ts';
import { HomeWelcomeView, greetingKey, initialOf } from '../HomeWelcome.tsx';
import { SiteDashboardView } from '../SiteDashboardView.tsx';
import { homeFrame } from './frame.tsx';
import { paintHome } from './paint.ts';

// Issue 34: Home painted before its scripts (paint.ts, from the build's fragments, frame.tsx) must be
// the markup the island then draws from the same answers, so that the handover changes nothing.
// Here the painter's output is held to the island's own render; the browser test
// (tests/browser/prepaint-home.test.ts) compares the pictures.

const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });
const rawUser = { userId: 1, userName: 'admin', nickName: 'Ada <b>', loginIp: '127.0.0.1', loginDate: '2026-12-01 08:00:00', prevLoginIp: '10.0.0.2', prevLoginDate: '2026-11-30 18:00:00' };
const routes = [
  { path: '/configs', component: 'Layout', children: [{ path: 'content', component: 'cms/contentcore/content', meta: { title: '内容' } }, { path: 'catalog', component: 'cms/contentcore/catalog', meta: { title: '栏目' } }] },
  { path: '/statistics', component: 'stat/index', meta: { title: '统计' } },
];
const dict = [{ dictValue: '5', dictLabel: '初稿' }, { dictValue: '30', dictLabel: '已发布' }];
const stat = (over: Partial<SiteStat> = {}): SiteStat => ({
  siteId: 1, siteName: '<i>Harbour</i> & "news"', byStatus: { '5': 3, '30': 7, '99': 1 }, byType: { article: 9, image: 2 }, catalogs: 4,
  resources: 12, resourceBytes: 3_500_000, unreviewedComments: 2, unreviewedMailbox: null, pendingReviews: null,
  publishQueue: { waiting: 1, running: 2 }, views: { from: '2026-11-02', days: Array.from({ length: 30 }, (_, i) => (i * 7) % 5) },
  activity: [{ contentId: 42, title: 'Tide <script>alert(1)</script> ⟦name⟧', contentType: 'article', status: '30', by: 'ada', time: '2026-11-30 09:15:00' }],
  ...over,
});
const answers = (s: SiteStat, info: Record<string, unknown> = {}, r: unknown = routes) => [ok({ user: rawUser, roles: ['admin'], permissions: ['*'], ...info }), ok(r), ok(s), ok(dict)];

/** What the island draws from the same answers (its stores as the session and the dictionary fill them). */
function island(s: SiteStat, user: Record<string, unknown> = rawUser, hour = 9) {
  $serverRoutes.set(routes as never);
  $dicts.setKey(CONTENT_STATUS_DICT, dict.map((d) => ({ value: d.dictValue, label: d.dictLabel })));
  const u = toSessionUser(user);
  const t = home.fixed('zh-CN');
  return renderToStaticMarkup(<PrimeReactProvider><HomeWelcomeView user={u} greeting={t(greetingKey(hour))} avatar={initialOf(u.nickName)} dashboard={<SiteDashboardView stat={s} totals={dashboardOf(s)} />} /></PrimeReactProvider>);
}

afterEach(() => {
  $serverRoutes.set(null);
  $dicts.set({});
});

describe('Home painted before its scripts', () => {
  it('is the markup the island draws from the same answers: welcome, cards, lists, views, latest changes', () => {
    const F = homeFrame();
    for (const s of [stat(), stat({ resources: null, unreviewedComments: null, activity: [], byStatus: {}, byType: {}, views: { from: '2026-11-02', days: Array<number>(30).fill(0) } }), stat({ activity: null, pendingReviews: 5, unreviewedMailbox: 1 })]) {
      for (const hour of [9, 14, 21]) expect(paintHome(F, answers(s), hour, HELPERS)).toBe(island(s, rawUser, hour));
    }
    const first = { ...rawUser, prevLoginIp: '', prevLoginDate: '', nickName: '' };
    expect(paintHome(F, [ok({ user: first, permissions: ['cms:content:view'] }), ok(routes), ok(stat()), ok(dict)], 9, HELPERS)).toBe(island(stat(), first));
  });

  it('writes what users typed as text', () => {
    const html = paintHome(homeFrame(), answers(stat()), 9, HELPERS)!;
    expect(html).toContain('Ada &lt;b&gt;');
    expect(html).toContain('&lt;i&gt;Harbour&lt;/i&gt; &amp; &quot;news&quot;');
    expect(html).toContain('Tide &lt;script&gt;alert(1)&lt;/script&gt; \u27E6name\u27E7');
    expect(html).not.toMatch(/<script|<i>|<b>/);
  });

  it('leaves Home to the island when it would draw something else', () => {
    const F = homeFrame();
    // No CMS rights (no dashboard), a password to change, no menus (the notice), a refused call, a time the island formats.
    expect(paintHome(F, answers(stat(), { permissions: ['system:user:list'] }), 9, HELPERS)).toBeNull();
    expect(paintHome(F, answers(stat(), { isPasswordExpired: true }), 9, HELPERS)).toBeNull();
    expect(paintHome(F, answers(stat(), {}, []), 9, HELPERS)).toBeNull();
    expect(paintHome(F, [...answers(stat()).slice(0, 2), { code: 500, msg: 'no' }, ok(dict)], 9, HELPERS)).toBeNull();
    expect(paintHome(F, answers(stat(), { user: { ...rawUser, loginDate: '2026-12-01T08:00:00Z' } }), 9, HELPERS)).toBeNull();
  });

  it('asks for its figures with the page and paints with the one script every page shares', () => {
    const F = homeFrame();
    expect(F.urls).toEqual(['/getInfo', '/getRouters', '/cms/content/stat', `/system/dict/data/type/${CONTENT_STATUS_DICT}`]);
    expect(prepaintScript()).toContain('paintHome');
    expect(prepaintScript()).toContain('paintList');
    // The fragments carry no build-time value the painter would not replace.
    expect(JSON.stringify(F)).not.toContain('1000-01-01');
  });
});
