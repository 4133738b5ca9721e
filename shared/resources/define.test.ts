import { describe, expect, it } from 'vitest';
import { defineResource, isFormField, type FieldDef } from './define.ts';
import { idListSchema, inputSchema, listQuerySchema } from './schemas.ts';
import { postResource } from './system/post.ts';

describe('resource definitions derive their schemas', () => {
  it('requires every create field and fills declared defaults', () => {
    const create = inputSchema(postResource, 'create');
    expect(create.safeParse({ postName: 'X' }).success).toBe(false);
    expect(create.parse({ postCode: 'qa', postName: 'QA' })).toMatchObject({ postCode: 'qa', postName: 'QA', postSort: 0, status: '0' });
  });

  it('on update needs the id, accepts it as a string and leaves unsent fields out', () => {
    const update = inputSchema(postResource, 'update');
    expect(update.safeParse({ postName: 'X' }).success).toBe(false);
    const parsed = update.parse({ postId: '7', postName: 'Renamed' });
    expect(parsed).toEqual({ postId: 7, postName: 'Renamed' });
    expect(parsed).not.toHaveProperty('postSort', 0);
  });

  it('still validates the fields that are sent on update', () => {
    expect(inputSchema(postResource, 'update').safeParse({ postId: 1, postCode: 'no spaces!' }).success).toBe(false);
  });

  it('never accepts fields without an input schema (ids, audit times)', () => {
    expect(isFormField(postResource.fields.createTime, 'create')).toBe(false);
    expect(inputSchema(postResource, 'create').parse({ postCode: 'a', postName: 'b', createTime: '2020-01-01' })).not.toHaveProperty('createTime');
  });

  it('offers the declared filters, a time range and paging in the list query', () => {
    const keys = Object.keys(listQuerySchema(postResource).shape).sort();
    expect(keys).toEqual(['beginTime', 'endTime', 'isAsc', 'orderByColumn', 'pageNum', 'pageSize', 'postCode', 'postName', 'status']);
  });

  it('reads delete ids from an array or {ids}, refusing an empty selection', () => {
    expect(idListSchema.parse(['1', 2])).toEqual([1, 2]);
    expect(idListSchema.parse({ ids: [3] })).toEqual([3]);
    expect(idListSchema.safeParse([]).success).toBe(false);
  });
});

describe('definitions sharing field declarations', () => {
  it('label each field after its own definition', () => {
    const shared = { name: { kind: 'text', column: true } } as const;
    const a = defineResource({ name: 'alpha', api: '/a', id: 'name', perms: { view: 'a:view' }, texts: { title: { 'zh-CN': 'A', 'zh-TW': 'A', en: 'A' } }, fields: { ...shared } });
    const b = defineResource({ name: 'beta', api: '/b', id: 'name', perms: { view: 'b:view' }, texts: { title: { 'zh-CN': 'B', 'zh-TW': 'B', en: 'B' } }, fields: { ...shared } });
    expect((a.fields.name as FieldDef).labelScope).toBe('alpha');
    expect((b.fields.name as FieldDef).labelScope).toBe('beta');
  });
});
