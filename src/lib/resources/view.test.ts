import { describe, expect, it } from 'vitest';
import { resourceView } from './view.ts';
import { columnFields, formFields, listParams, searchFields } from './client.ts';
import { postResource } from '../../../shared/resources/system/post.ts';
import { messagingResource } from '../../../shared/resources/system/messaging.ts';

describe('the view of a definition a list page is built with', () => {
  it('lists, searches and sorts as the definition does, and survives a trip through JSON', () => {
    const view = JSON.parse(JSON.stringify(resourceView(postResource))) as typeof postResource;
    expect(columnFields(view).map(([n]) => n)).toEqual(columnFields(postResource).map(([n]) => n));
    expect(searchFields(view).map(([n]) => n)).toEqual(searchFields(postResource).map(([n]) => n));
    const filters = { postCode: ' ceo ', createTime: [new Date(2020, 0, 2, 3, 4), null] as [Date, null] };
    const page = { page: 2, limit: 10 };
    expect(listParams(view, filters, page, { field: 'postSort', order: 'desc' })).toEqual(listParams(postResource, filters, page, { field: 'postSort', order: 'desc' }));
    expect((view.fields.postName as { labelScope?: string }).labelScope).toBe('post');
  });

  it('holds no schema, variant shape or check: no form can be built from it by mistake', () => {
    const view = resourceView(messagingResource);
    expect(formFields(messagingResource, 'create').length).toBeGreaterThan(0);
    expect(formFields(view, 'create')).toEqual([]);
    expect(Object.values(view.fields).some((f) => 'input' in f || 'variants' in f)).toBe(false);
    expect('check' in view).toBe(false);
  });
});
