// `npm run openapi:html [-- <url or file of an openapi.json>] [--out openapi.html]`: writes the API's
// OpenAPI document as one self-contained HTML page (scripts/openapi-page.ts), readable offline.
// Without a source, the document is built in this process from a server on a throwaway in-memory
// database, so a fresh clone needs nothing running. docs/openapi.md.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiPage } from './openapi-page.ts';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1]! : 'openapi.html';
const source = args.find((a, i) => !a.startsWith('--') && i !== outAt + 1);

async function built(): Promise<unknown> {
  const { createServer, openDatabase } = await import('../server/app.ts');
  const { openApiJson } = await import('../server/core/openapi-route.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'castanea-openapi-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  const server = await createServer({ database, config: { dataDir, consoleDir: join(dataDir, 'console'), captchaEnabled: false, logRequests: false, publishWorker: false, databaseUrl: undefined } });
  try {
    return JSON.parse(openApiJson(server.services));
  } finally {
    await server.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const doc = !source ? await built() : /^https?:/.test(source) ? await (await fetch(source)).json() : JSON.parse(await readFile(source, 'utf8'));
await writeFile(out, openApiPage(doc as Record<string, unknown>));
console.log(`wrote ${out}`);
