import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { cmsApi } from '../browser/cms-api.ts';

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'shotsadmin' });

it('words', async () => {
  mkdirSync(DIR, { recursive: true });
  const api = await cmsApi(h, 'shotsadmin', 'Secret123');
  const { groupId } = await api.ok('POST', '/word/tagword/group', { name: '科技 Tech', code: 'tech' });
  await api.ok('POST', '/word/tagword/group', { name: '人工智能 AI', code: 'ai', parentId: groupId });
  await api.ok('POST', '/word/tagword/group', { name: '体育 Sports', code: 'sports' });
  await api.ok('POST', '/word/tagword/batchAdd', { groupId, words: 'Castanea\nChestnut\n机器学习\nWebAssembly' });
  const hot = await api.ok('POST', '/word/hotword/group', { name: '站内链接', code: 'inner' });
  await api.ok('POST', '/word/hotword', { groupId: hot.groupId, word: '栗子', url: '/about.html' });
  await api.ok('POST', '/word/sensitiveword', { word: '示例敏感词', type: 'SENSITIVE', replaceWord: '***' });
  for (const lng of ['zh-CN', 'en']) {
    await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
    for (const width of [1440, 800]) {
      await h.page.setViewportSize({ width, height: 900 });
      await h.openScreen('/admin/configs/word', '[data-testid=groups-tagWordGroup]');
      await h.hideDemand();
      await h.page.getByTestId('groups-tagWordGroup').getByText('科技 Tech').click();
      await h.page.waitForLoadState('networkidle').catch(() => undefined);
      await h.page.waitForTimeout(400);
      await h.page.screenshot({ path: join(DIR, `word-tag-${lng}-${width}.png`), fullPage: true });
      await h.page.getByRole('tab').nth(1).click();
      await h.page.waitForTimeout(600);
      await h.page.screenshot({ path: join(DIR, `word-hot-${lng}-${width}.png`), fullPage: true });
    }
  }
});
