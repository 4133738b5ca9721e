import { it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi } from './cms-api.ts';
const h = useHarness({ admin: 'dbgadmin' });
it('dumps', async () => {
  const api = await cmsApi(h, 'dbgadmin', 'Secret123');
  await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: '新闻\n  国内\n    北京\n  国际\n体育' });
  await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree] .catalog-tree-node');
  await h.page.waitForTimeout(1000);
  console.log(await h.page.getByTestId('catalog-tree').innerHTML());
  await h.page.screenshot({ path: '/tmp/shots-cat/debug.png' });
}, 120000);
