// Every page of the site rendered through the rendering API and written, with no queue: what the
// queue and the worker add to a full publish (`--direct`). Not how the server publishes.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { contentPageNeeds, renderCatalogPage, renderContentPage, renderIndex, type PageResult } from '../../server/modules/cms/template/render.ts';
import type { RenderSession } from '../../server/modules/cms/template/session.ts';

export async function publishDirect(session: RenderSession, out: string, catalogIds: number[], contentIds: number[]): Promise<{ pages: number; bytes: number }> {
  let pages = 0;
  let bytes = 0;
  const dirs = new Set<string>();
  const write = async (page: PageResult) => {
    const file = join(out, page.file);
    const dir = dirname(file);
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      dirs.add(dir);
    }
    await writeFile(file, page.html);
    pages++;
    bytes += page.html.length;
  };
  for (let i = 0; i < contentIds.length; i += 200) {
    const batch = contentIds.slice(i, i + 200);
    await session.prefetchContents(batch, (row) => contentPageNeeds(row));
    for (const id of batch) await write(await renderContentPage(session, id));
  }
  for (const id of catalogIds) {
    const first = await renderCatalogPage(session, id, 1);
    await write(first);
    for (let n = 2; n <= first.pageTotal; n++) await write(await renderCatalogPage(session, id, n));
  }
  await write(await renderIndex(session));
  return { pages, bytes };
}
