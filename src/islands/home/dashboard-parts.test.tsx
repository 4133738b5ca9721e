import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DashboardCards } from './DashboardCards.tsx';
import { ViewsSparkline } from './ViewsSparkline.tsx';
import { LatestActivity } from './LatestActivity.tsx';

// Home's dashboard parts as a reader and a screen reader meet them (zh-CN: the page's first language).
describe('Home dashboard parts', () => {
  it('makes a figure a link to its screen, a button when it acts, plain text otherwise', () => {
    const html = renderToStaticMarkup(<DashboardCards cards={[
      { key: 'comments', icon: 'pi-comments', value: 3, label: 'Comments to audit', href: '/admin/operations/comment' },
      { key: 'queue', icon: 'pi-cloud-upload', value: 5, label: 'Publish queue', detail: '2 waiting, 3 rendering', onClick: () => undefined, action: 'Open the publish progress' },
      { key: 'reviews', icon: 'pi-check-square', value: 1, label: 'Reviews for me' },
    ]} />);
    expect(html).toContain('<a class="home-dashboard-card" href="/admin/operations/comment">');
    expect(html).toMatch(/<button type="button" class="home-dashboard-card" title="Open the publish progress">.*2 waiting, 3 rendering/);
    expect(html).toMatch(/<div class="home-dashboard-card">.*Reviews for me/);
  });

  it('says the 30 days of views in words for screen readers and hides the drawing from them', () => {
    const days = Array<number>(30).fill(1);
    days[5] = 9;
    const html = renderToStaticMarkup(<ViewsSparkline views={{ from: '2026-11-01', days }} href="/admin/statistics" />);
    expect(html).toContain('<svg class="home-dashboard-spark"');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).toContain('2026-11-01 至今共 38 次访问，今日 1 次；最多的一天 2026-11-06，9 次。');
    expect(html).toContain('href="/admin/statistics"');
    const none = renderToStaticMarkup(<ViewsSparkline views={{ from: '2026-11-01', days: Array<number>(30).fill(0) }} />);
    expect(none).toContain('2026-11-01 至今没有访问。');
    expect(none).not.toContain('<a ');
  });

  it('lists the latest changes, each opening its content in the editor', () => {
    const html = renderToStaticMarkup(<LatestActivity statusLabel={(s) => (s === '30' ? '已发布' : s)} items={[
      { contentId: 42, title: 'Harbour news', contentType: 'article', status: '30', by: 'alice', time: '2026-11-30 09:15:00' },
    ]} />);
    expect(html).toContain('href="/admin/cms/content/editor?contentId=42"');
    expect(html).toMatch(/已发布.*alice.*2026-11-30 09:15:00/);
    expect(renderToStaticMarkup(<LatestActivity statusLabel={String} items={[]} />)).toContain('还没有变更');
  });
});
