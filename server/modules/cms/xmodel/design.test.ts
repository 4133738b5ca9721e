import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { CONSOLE_HEADERS, siteCalls } from '../../../../tests/helpers/site-calls.ts';
import { MENUS } from '../../shipped.ts';
import { DESIGN_PROPS, FORM_BUILDER_PERM } from '../../../../shared/cms/form-design.ts';

// The Form Builder's saves (issue 33 item 3): a design becomes a model's fields in one
// transaction, every property kept, all or none; another site's model and forged ids are refused.
const ts = useTestServer();
let siteId = 0;
let otherSiteId = 0;

const { call, ok } = siteCalls(ts, () => siteId);
/** A model's fields as stored, in order, only the properties a design holds (and the id). */
async function storedFields(modelId: number, site = siteId) {
  const rows = (await ok('GET', `/xmodel/field/list?modelId=${modelId}&pageSize=100`, undefined, { site })).rows as Record<string, unknown>[];
  return rows.map((r) => Object.fromEntries(['fieldId', ...DESIGN_PROPS].map((p) => [p, r[p] === '' ? null : r[p]])));
}

const full = (f: Record<string, unknown>): Record<string, unknown> => ({
  required: 'N', searchable: 'N', dictType: null, minLength: null, maxLength: null, pattern: null, minValue: null, maxValue: null, defaultValue: null, ...f,
});
/** Eight kinds, with every rule the field routes know. */
const DESIGN = [
  full({ label: 'Name', code: 'name', fieldType: 'text', required: 'Y', minLength: 2, maxLength: 40, pattern: '[A-Za-z ]+', searchable: 'Y', defaultValue: 'Ann' }),
  full({ label: 'Message', code: 'message', fieldType: 'textarea', maxLength: 500 }),
  full({ label: 'Bio', code: 'bio', fieldType: 'richtext' }),
  full({ label: 'Age', code: 'age', fieldType: 'number', minValue: 1, maxValue: 120.5 }),
  full({ label: 'Born', code: 'born', fieldType: 'date' }),
  full({ label: 'Signed', code: 'signed', fieldType: 'radio', dictType: 'YesOrNo', defaultValue: 'N' }),
  full({ label: 'Topics', code: 'topics', fieldType: 'checkbox', dictType: 'YesOrNo' }),
  full({ label: 'Subscribe', code: 'subscribe', fieldType: 'switch' }),
];

describe('form designs', () => {
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: CONSOLE_HEADERS, body: { name: 'Forms', path: 'forms' } })).data.siteId;
    otherSiteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: CONSOLE_HEADERS, body: { name: 'Far', path: 'far' } })).data.siteId;
  });

  it('ships the Form Builder menu as ChestnutCMS numbers it (115 under Tools, tool:build:view)', () => {
    expect(MENUS.find((m) => m.menuId === 115)).toMatchObject({ parentId: 3, path: 'build', component: 'tool/build/index', perms: FORM_BUILDER_PERM });
  });

  it('saves a design as a new model and reads back every property, in order', async () => {
    const { modelId, fieldIds } = await ok('POST', '/cms/exmodel/design', { model: { name: 'Sign-up', code: 'signup', bindTo: 'content', contentType: 'article' }, fields: DESIGN });
    expect(fieldIds).toHaveLength(8);
    expect(await storedFields(modelId)).toEqual(DESIGN.map((f, i) => ({ fieldId: fieldIds[i], ...f })));
    expect((await ok('GET', `/cms/exmodel/${modelId}`)).bindTo).toBe('content');
  });

  it('replaces a model\'s fields: reordered, changed, removed, added, codes swapped, rules cleared', async () => {
    const { modelId, fieldIds } = await ok('POST', '/cms/exmodel/design', { model: { name: 'Edit me', code: 'editme', bindTo: 'form' }, fields: DESIGN });
    const stored = await storedFields(modelId);
    const [name, message, , age] = stored;
    const next = [
      { ...age, label: 'Years', maxValue: 99 },
      { ...name, code: 'message', pattern: null, required: 'N', defaultValue: null },
      { ...message, code: 'name', fieldType: 'text', maxLength: 20 },
      full({ label: 'Photo', code: 'photo', fieldType: 'image', required: 'Y' }),
    ];
    const saved = await ok('PUT', '/cms/exmodel/design', { modelId, fields: next });
    expect(saved.fieldIds.slice(0, 3)).toEqual([fieldIds[3], fieldIds[0], fieldIds[1]]);
    expect(await storedFields(modelId)).toEqual(next.map((f, i) => ({ ...f, fieldId: saved.fieldIds[i] })));
  });

  it('refuses a design with one bad field whole, naming the field and its place', async () => {
    const { modelId } = await ok('POST', '/cms/exmodel/design', { model: { name: 'Strict', code: 'strict', bindTo: 'form' }, fields: DESIGN.slice(0, 2) });
    const before = await storedFields(modelId);
    const bad = [{ ...before[0] }, full({ label: 'Odd', code: 'odd', fieldType: 'text', pattern: '([' }), { ...before[1], label: 'Changed' }];
    const r = await call('PUT', '/cms/exmodel/design', { modelId, fields: bad });
    expect(r).toMatchObject({ code: 500, data: { field: 'fields.1.pattern' } });
    expect(r.msg).toMatch(/^Field 2 \(Odd\): /);
    const dup = await call('PUT', '/cms/exmodel/design', { modelId, fields: [before[0], full({ label: 'Twin', code: String(before[0]!.code), fieldType: 'text' })] });
    expect(dup).toMatchObject({ code: 500, data: { field: 'fields.1.code' } });
    const range = await call('PUT', '/cms/exmodel/design', { modelId, fields: [full({ label: 'Range', code: 'range', fieldType: 'number', minValue: 5, maxValue: 1 })] }, { lang: 'zh-CN' });
    expect(range).toMatchObject({ code: 500, data: { field: 'fields.0.minValue' } });
    expect(range.msg).toMatch(/^第 1 个字段（Range）：/);
    const choice = await call('PUT', '/cms/exmodel/design', { modelId, fields: [full({ label: 'Pick', code: 'pick', fieldType: 'select' })] });
    expect(choice).toMatchObject({ code: 500, data: { field: 'fields.0.dictType' } });
    expect(await storedFields(modelId)).toEqual(before);
    // A new model whose second field fails leaves no model behind either.
    const none = await call('POST', '/cms/exmodel/design', { model: { name: 'Ghost', code: 'ghost', bindTo: 'form' }, fields: [DESIGN[0], full({ label: '', code: 'x', fieldType: 'text' })] });
    expect(none).toMatchObject({ code: 500, data: { field: 'fields.1.label' } });
    expect((await ok('GET', '/cms/exmodel/list?query=Ghost')).rows).toEqual([]);
    // The model itself is checked as the model routes check it.
    expect(await call('POST', '/cms/exmodel/design', { model: { name: 'Again', code: 'strict', bindTo: 'form' }, fields: [] })).toMatchObject({ code: 500, msg: 'Code "strict" already exists' });
  });

  it('refuses another site\'s model and a field id of another model, changing nothing', async () => {
    const far = (await ok('POST', '/cms/exmodel/design', { model: { name: 'Far model', code: 'farm', bindTo: 'form' }, fields: DESIGN.slice(0, 1) }, { site: otherSiteId })).modelId;
    const farBefore = await storedFields(far, otherSiteId);
    expect((await call('PUT', '/cms/exmodel/design', { modelId: far, fields: [] })).code).not.toBe(200);
    expect((await call('PUT', '/cms/exmodel/design', { modelId: 99999999, fields: [] })).code).not.toBe(200);
    expect(await storedFields(far, otherSiteId)).toEqual(farBefore);
    // A field of another model (here, another site's) named by id in a design of one's own model.
    const { modelId } = await ok('POST', '/cms/exmodel/design', { model: { name: 'Mine', code: 'mine', bindTo: 'form' }, fields: DESIGN.slice(1, 2) });
    const mine = await storedFields(modelId);
    const forged = await call('PUT', '/cms/exmodel/design', { modelId, fields: [{ ...farBefore[0], label: 'Taken' }] });
    expect(forged).toMatchObject({ code: 500, data: { field: 'fields.0.fieldId' } });
    expect(await storedFields(modelId)).toEqual(mine);
    expect(await storedFields(far, otherSiteId)).toEqual(farBefore);
    // A siteId in the body is never used: the model goes to the current site.
    const placed = (await ok('POST', '/cms/exmodel/design', { model: { name: 'Placed', code: 'placed', bindTo: 'form', siteId: otherSiteId }, fields: [] })).modelId;
    expect((await ok('GET', `/cms/exmodel/${placed}`)).name).toBe('Placed');
    expect((await call('GET', `/cms/exmodel/${placed}`, undefined, { site: otherSiteId })).code).not.toBe(200);
  });

  it('saves a design as a new custom form with its model, offline; published, a reader submits it', async () => {
    const { formId, modelId } = await ok('POST', '/cms/customform/design', { model: { name: 'Contact', code: 'contact' }, fields: DESIGN });
    expect(await ok('GET', `/cms/customform/${formId}`)).toMatchObject({ name: 'Contact', code: 'contact', modelId, status: '0', submitText: 'Submit' });
    expect(await ok('GET', `/cms/exmodel/${modelId}`)).toMatchObject({ bindTo: 'form', code: 'contact' });
    expect((await storedFields(modelId)).map((f) => f.code)).toEqual(DESIGN.map((f) => f.code));
    // Published and submitted by a reader: the eight kinds' values are checked and kept.
    await ok('POST', '/cms/customform/publish', [formId]);
    const data = { name: 'Ann Lee', message: 'Hello', bio: '<p>Hi<script>x()</script></p>', age: '30', born: '2000-01-02', signed: 'Y', topics: ['Y'], subscribe: 'Y' };
    const sent = await ts.api('POST', '/api/customform/submit', { body: { siteId, formId, data }, headers: { 'accept-language': 'en' } });
    expect(sent.code, sent.msg).toBe(200);
    const entries = await ok('GET', `/cms/customform/data/list?formId=${formId}`);
    expect(entries.rows).toHaveLength(1);
    expect(JSON.stringify(entries.rows[0])).toContain('Ann Lee');
    expect(JSON.stringify(entries.rows[0])).not.toContain('<script>');
  });

  it('refuses the saves without the Form Builder\'s key, even with every model key', async () => {
    const keys = ['cms:exmodel:view', 'cms:exmodel:add', 'cms:exmodel:edit', 'cms:exmodel:remove', 'cms:customform:add'];
    const menuIds = MENUS.filter((m) => keys.includes(m.perms ?? '')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: CONSOLE_HEADERS, body: { roleName: 'Modellers', roleKey: 'modellers', dataScope: '5', menuIds } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: CONSOLE_HEADERS, body: { userName: 'modeller', nickName: 'Modeller', deptId: 100, password: 'Quill4321', roleIds: [roleId] } });
    const modeller = await ts.loginReady('modeller', 'Quill4321');
    await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: CONSOLE_HEADERS, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true }, Edit: { granted: true } } }] } });
    const { modelId } = await ok('POST', '/cms/exmodel/design', { model: { name: 'Keyed', code: 'keyed', bindTo: 'form' }, fields: DESIGN.slice(0, 1) });
    expect((await call('PUT', '/cms/exmodel/design', { modelId, fields: [] }, { token: modeller })).code).toBe(403);
    expect((await call('POST', '/cms/exmodel/design', { model: { name: 'N', code: 'n1', bindTo: 'form' }, fields: [] }, { token: modeller })).code).toBe(403);
    expect((await call('POST', '/cms/customform/design', { model: { name: 'N', code: 'n2' }, fields: [] }, { token: modeller })).code).toBe(403);
    expect(await storedFields(modelId)).toHaveLength(1);
    // With the key added, the same user saves.
    await ts.api('PUT', '/system/role', { token: ts.admin, headers: CONSOLE_HEADERS, body: { roleId, roleName: 'Modellers', roleKey: 'modellers', dataScope: '5', menuIds: [...menuIds, 115] } });
    await ok('PUT', '/cms/exmodel/design', { modelId, fields: [] }, { token: modeller });
    expect(await storedFields(modelId)).toEqual([]);
  });
});
