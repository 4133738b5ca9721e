import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, json } from '../testing/fake-browser.ts';
import { z } from 'zod';
import { columnFields, dictTypes, fetchPage, filterFields, formChanged, formInitial, formFields, isRequired, listParams, removeRows, rowName, searchFields } from './client.ts';
import { validateForm } from './validate-form.ts';
import { optionalText, requiredText } from '../../../shared/validators/common.ts';
import { messagingResource } from '../../../shared/resources/system/messaging.ts';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { postResource } from '../../../shared/resources/system/post.ts';
import { userResource } from '../../../shared/resources/system/user.ts';
import { securityConfigResource } from '../../../shared/resources/system/security.ts';
import { configResource } from '../../../shared/resources/system/config.ts';
import { resetRepeatGuard } from '../request.ts';
import '../i18n/ns/fields.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installFakeBrowser();
  resetRepeatGuard();
  fetchMock = vi.fn(async () => json({ code: 200, msg: 'ok', data: { rows: [{ postId: 1 }], total: '7' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the console side of a definition', () => {
  it('builds list params: paging, order, trimmed filters, the time range as beginTime/endTime', () => {
    const p = listParams(postResource, { postName: '  qa ', postCode: '', createTime: [new Date(2024, 0, 2, 3, 4, 5), null] }, { page: 2, limit: 20 }, { field: 'postSort', order: 'desc' });
    expect(p).toEqual({ pageNum: 2, pageSize: 20, orderByColumn: 'postSort', isAsc: 'descending', postName: 'qa', beginTime: '2024-01-02 03:04:05' });
  });

  it('reads a page, total as a number', async () => {
    expect(await fetchPage(postResource, { pageNum: 1 })).toEqual({ rows: [{ postId: 1 }], total: 7 });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/prod-api/system/post/list?pageNum=1');
  });

  it('deletes with a JSON array of ids', async () => {
    await removeRows(postResource, [3, 4]);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/prod-api/system/post');
    expect(init.method).toBe('DELETE');
    expect(init.body).toBe('[3,4]');
  });

  it('starts forms from initials or the row, and validates with the shared schema in the field language', () => {
    expect(formInitial(postResource, 'create')).toEqual({ postCode: '', postName: '', postSort: 0, status: '0', remark: '' });
    expect(formInitial(postResource, 'update', { postId: 5, postCode: 'x', postName: 'X', postSort: 2, status: '1', remark: null })).toMatchObject({ postId: 5, postCode: 'x', remark: '' });
    const errors = validateForm(postResource, 'create', { postCode: 'bad code', postName: '' });
    expect(errors).toEqual({ postCode: '岗位编码只能包含字母、数字和下划线', postName: '岗位名称不能为空' });
  });

  it('lists columns and dictionaries from the definition', () => {
    expect(columnFields(configResource).map(([n]) => n)).toEqual(['configId', 'configName', 'configKey', 'configValue', 'configType', 'remark', 'createTime']);
    expect(dictTypes(configResource)).toEqual(['YesOrNo']);
  });

  it('leaves filters set by an extension out of the search form, but still sends them', () => {
    expect(searchFields(userResource).map(([n]) => n)).not.toContain('deptId');
    expect(filterFields(userResource).map(([n]) => n)).toContain('deptId');
    expect(listParams(userResource, { deptId: '103', userName: 'qa' }, null)).toEqual({ deptId: '103', userName: 'qa' });
  });

  it("runs the definition's checks across fields, naming both fields, after the field's own checks", () => {
    const values = { ...formInitial(securityConfigResource, 'create'), passwordLenMin: 12, passwordLenMax: 8 };
    expect(validateForm(securityConfigResource, 'create', values)).toEqual({ passwordLenMin: '密码最小长度不能大于密码最大长度' });
    const lock = validateForm(securityConfigResource, 'create', { ...values, passwordLenMin: 8, passwordRetryStrategy: 'LOCK', passwordRetryLockSeconds: 0 });
    expect(lock).toEqual({ passwordRetryLockSeconds: '锁定账号时，锁定时长必须大于 0' });
    // A blank maximum is reported by its own check only.
    expect(Object.keys(validateForm(securityConfigResource, 'create', { ...values, passwordLenMax: '' }))).toEqual(['passwordLenMax']);
  });

  it('marks a field required when its schema refuses both a missing and an empty value', () => {
    const required = (def: ResourceDef, mode: 'create' | 'update' = 'create') => formFields(def, mode).filter(([, f]) => isRequired(f)).map(([n]) => n);
    expect(required(postResource)).toEqual(['postCode', 'postName']);
    expect(required(userResource)).toEqual(['userName', 'nickName', 'deptId', 'password']);
    expect(isRequired({ kind: 'text', input: requiredText() })).toBe(true);
    expect(isRequired({ kind: 'text', input: optionalText() })).toBe(false);
    // A default fills a missing value; a schema that takes '' lets the field stay empty.
    expect(isRequired({ kind: 'dict', input: z.enum(['0', '1']).default('0') })).toBe(false);
    expect(isRequired({ kind: 'text', input: z.string().max(5) })).toBe(false);
    expect(isRequired({ kind: 'datetime', input: z.string().nullable().optional() })).toBe(false);
    expect(isRequired({ kind: 'dict', multiple: true, input: z.array(z.string()).min(1) })).toBe(true);
    expect(isRequired({ kind: 'text' })).toBe(false);
    // Sub-fields of a variant field alike.
    const smtp = messagingResource.fields.config.variants!.shapes.SMTP!;
    expect(Object.entries(smtp).filter(([, f]) => isRequired(f)).map(([n]) => n)).toEqual(['host', 'port', 'security', 'fromAddress']);
  });

  it('tells a changed form from one whose values are back to what it opened with', () => {
    const initial = { postId: 5, postCode: 'ceo', postSort: 1, remark: '', roleIds: [1, 2], config: { host: 'h', port: 25 }, expireTime: '2026-01-02 03:04:00' };
    expect(formChanged(initial, { ...initial })).toBe(false);
    // Numbers typed as text, blanks of either kind, picks in another order, dates picked again: no change.
    expect(formChanged(initial, { ...initial, postSort: '1', remark: null, roleIds: [2, 1], config: { port: '25', host: 'h' }, expireTime: new Date(2026, 0, 2, 3, 4) })).toBe(false);
    expect(formChanged(initial, { ...initial, postCode: 'cto' })).toBe(true);
    expect(formChanged(initial, { ...initial, roleIds: [1] })).toBe(true);
    expect(formChanged(initial, { ...initial, config: { host: 'h', port: 26 } })).toBe(true);
    expect(formChanged(initial, { ...initial, extra: 'x' })).toBe(true);
    expect(formChanged({ remark: '' }, { remark: 'x' })).toBe(true);
  });

  it('names a row by its name or title column, else its first text, else its id', () => {
    expect(rowName(postResource, { postId: 1, postCode: 'ceo', postName: '董事长' })).toBe('董事长');
    expect(rowName(postResource, { postId: 1, postCode: 'ceo', postName: '' })).toBe('ceo');
    expect(rowName(userResource, { userId: 2, userName: 'ann', nickName: 'Ann' })).toBe('ann');
    expect(rowName(configResource, { configId: 5, configName: '', configKey: '' })).toBe('5');
  });
});
