import type { GenSpec } from '../model.ts';
import { editable, lit, type Col, type Names } from './names.ts';

/** A value the field's validation accepts, for the test's new row. */
function sampleOf(c: Col): unknown {
  if (c.formWidget === 'datetime' || c.type.value === 'time') return '2026-01-02 03:04:05';
  if (c.type.value === 'number' || c.type.value === 'bigint') return 1;
  if (c.formWidget === 'dict') return '0';
  return 'Sample'.slice(0, Math.max(1, c.maxLength ?? 6));
}

/**
 * server/modules/<module>/<name>/<name>.test.ts: through the HTTP API as the console calls it, a
 * row added, found, changed and deleted, and the API closed without a token.
 */
export function testFile({ table }: GenSpec, n: Names): string {
  const form = n.fields.filter(editable);
  const sample = Object.fromEntries(form.map((c) => [c.fieldName, sampleOf(c)]));
  const text = form.find((c) => c.type.value === 'text' && c.formWidget !== 'dict' && (c.maxLength ?? 7) >= 7);
  const site = n.siteScoped;
  return `import { describe, expect, it } from 'vitest';
${site ? "import { eq } from 'drizzle-orm';\n" : ''}import { useTestServer } from '../../../../tests/helpers/server.ts';
${site ? "import { cmsSite } from '../schema.ts';\n" : ''}import { ${n.defConst} } from '../../../../shared/resources/${n.module}/${n.kebab}.ts';

// Written by the code generator for ${table.tableName}: what a user of the screen would notice first.
const ts = useTestServer();
const { api, id } = ${n.defConst};
const sample: Record<string, unknown> = ${JSON.stringify(sample)};

describe(${lit(table.titleEn)}, () => {
  it('adds a row, lists it, changes it and deletes it', async () => {
${site ? "    const [demo] = await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo'));\n    const headers = { repeatSubmit: 'false', CurrentSite: String(demo!.siteId) };\n" : "    const headers = { repeatSubmit: 'false' };\n"}    const call = (method: string, path: string, body?: unknown) => ts.api(method, path, { token: ts.admin, headers, body });
    const before = (await call('GET', \`\${api}/list\`)).data.total as number;
    expect((await call('POST', api, sample)).code).toBe(200);
    const listed = await call('GET', \`\${api}/list\`);
    expect(listed.data.total).toBe(before + 1);
    const rowId = listed.data.rows[0][id];
${text ? `    expect((await call('PUT', api, { ...sample, [id]: rowId, ${text.fieldName}: 'Changed' })).code).toBe(200);
    expect((await call('GET', \`\${api}/\${rowId}\`)).data.${text.fieldName}).toBe('Changed');
` : ''}    expect((await call('DELETE', api, [rowId])).code).toBe(200);
    expect((await call('GET', \`\${api}/list\`)).data.total).toBe(before);
  });

  it('answers nobody signed out', async () => {
    expect((await ts.api('GET', \`\${api}/list\`)).code).toBe(401);
  });
});
`;
}
