import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
import { renderCatalogPage, renderContentPage, renderIndex } from '../render.ts';
import { makeTestSite, openSession, type TestSite } from '../test-site.ts';
import { installDefaultTheme } from './install.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-theme-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;

beforeAll(async () => {
  site = await makeTestSite(ts, 'themed');
  await installDefaultTheme(dataDir, site.path, 'pc', 'en', { replace: true });
});

describe('scratch', () => {
  it('renders', async () => {
    const session = await openSession(ts, site);
    const out = '/tmp/theme-scratch';
    const pages = [await renderIndex(session), await renderCatalogPage(session, site.cat.News, 1), await renderContentPage(session, site.first, 1), await renderContentPage(session, site.album), await renderContentPage(session, site.book), await renderContentPage(session, site.book, 1, site.chapters[0])];
    for (const [i, p] of pages.entries()) writeFileSync(`${out}-${i}.html`, p.html);
    expect(pages.length).toBe(6);
  });
});
