import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';

const ts = useTestServer();
const H = { repeatSubmit: 'false' };
const EN = { ...H, 'accept-language': 'en' };

const labels = async (type: string, lang = 'zh-CN') =>
  ((await ts.api('GET', `/system/dict/data/type/${type}`, { token: ts.admin, headers: { 'accept-language': lang } })).data as { dictValue: string; dictLabel: string }[])
    .map((d) => `${d.dictValue}=${d.dictLabel}`);

describe('dictionaries', () => {
  it('lists the seeded types with localized names', async () => {
    const r = await ts.api('GET', '/system/dict/type/list', { token: ts.admin, query: { dictType: 'Gender' }, headers: EN });
    expect(r.data.rows).toHaveLength(1);
    expect(r.data.rows[0]).toMatchObject({ dictType: 'Gender', fixed: 'Y' });
  });

  it('creates a type with values; each language keeps its own label', async () => {
    expect((await ts.api('POST', '/system/dict/type', { token: ts.admin, body: { dictName: '颜色', dictType: 'Color' }, headers: H })).code).toBe(200);
    const add = await ts.api('POST', '/system/dict/data', { token: ts.admin, body: { dictType: 'Color', dictLabel: '红色', dictValue: 'red', listClass: 'danger' }, headers: H });
    expect(add.code, add.msg).toBe(200);
    expect(await labels('Color')).toEqual(['red=红色']);
    // An English editor renames it: English changes, Chinese stays.
    await ts.api('PUT', '/system/dict/data', { token: ts.admin, body: { dictCode: add.data.dictCode, dictLabel: 'Red' }, headers: EN });
    expect(await labels('Color', 'en')).toEqual(['red=Red']);
    expect(await labels('Color')).toEqual(['red=红色']);
  });

  it('refuses a duplicate value within a type, naming the field', async () => {
    await ts.api('POST', '/system/dict/type', { token: ts.admin, body: { dictName: 'Size', dictType: 'Size' }, headers: H });
    await ts.api('POST', '/system/dict/data', { token: ts.admin, body: { dictType: 'Size', dictLabel: 'S', dictValue: 's' }, headers: H });
    const dup = await ts.api('POST', '/system/dict/data', { token: ts.admin, body: { dictType: 'Size', dictLabel: 'Small', dictValue: 's' }, headers: EN });
    expect(dup.code).toBe(500);
    expect(dup.msg).toContain('"s" already exists');
  });

  it('renaming a type carries its values and labels along', async () => {
    await ts.api('POST', '/system/dict/type', { token: ts.admin, body: { dictName: 'Shape', dictType: 'Shape' }, headers: H });
    const round = await ts.api('POST', '/system/dict/data', { token: ts.admin, body: { dictType: 'Shape', dictLabel: '圆', dictValue: 'round' }, headers: H });
    await ts.api('PUT', '/system/dict/data', { token: ts.admin, body: { dictCode: round.data.dictCode, dictLabel: 'Round' }, headers: EN });
    const t = (await ts.api('GET', '/system/dict/type/list', { token: ts.admin, query: { dictType: 'Shape' } })).data.rows[0];
    expect((await ts.api('PUT', '/system/dict/type', { token: ts.admin, body: { dictId: t.dictId, dictType: 'Form' }, headers: H })).code).toBe(200);
    expect(await labels('Form')).toEqual(['round=圆']);
    expect(await labels('Form', 'en')).toEqual(['round=Round']);
    expect(await labels('Shape')).toEqual([]);
  });

  it('protects built-in dictionaries and types that still have values', async () => {
    const gender = (await ts.api('GET', '/system/dict/type/list', { token: ts.admin, query: { dictType: 'Gender' } })).data.rows[0];
    expect((await ts.api('DELETE', '/system/dict/type', { token: ts.admin, body: [gender.dictId], headers: EN })).msg).toBe('Built-in dictionaries cannot be deleted');
    expect((await ts.api('PUT', '/system/dict/type', { token: ts.admin, body: { dictId: gender.dictId, dictType: 'Sex' }, headers: EN })).msg).toBe('The type or value of a built-in dictionary cannot be changed');
    const color = (await ts.api('GET', '/system/dict/type/list', { token: ts.admin, query: { dictType: 'Color' } })).data.rows[0];
    expect((await ts.api('DELETE', '/system/dict/type', { token: ts.admin, body: [color.dictId], headers: EN })).msg).toBe('The dictionary type still has values and cannot be deleted');
  });

  it('offers every type for selects', async () => {
    const r = await ts.api('GET', '/system/dict/type/optionselect', { token: ts.admin });
    expect(r.data.map((d: { dictType: string }) => d.dictType)).toEqual(expect.arrayContaining(['Gender', 'YesOrNo', 'EnableOrDisable']));
  });
});
