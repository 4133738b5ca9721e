import { describe, expect, it } from 'vitest';
import { crud, screenPathOf, type Texts } from './declare.ts';
import { defineResource } from './define.ts';

describe('what a definition declares', () => {
  it('crud() names the five keys of a resource; overrides replace or drop one', () => {
    expect(crud('cms:friendlink')).toEqual({
      view: 'cms:friendlink:view', add: 'cms:friendlink:add', edit: 'cms:friendlink:edit', remove: 'cms:friendlink:remove', export: 'cms:friendlink:export',
    });
    expect(crud('monitor:job', { add: undefined, remove: 'monitor:job:clean' })).toEqual({ view: 'monitor:job:view', edit: 'monitor:job:edit', remove: 'monitor:job:clean', export: 'monitor:job:export' });
  });

  it('texts name every language: one left out does not compile', () => {
    // @ts-expect-error en is missing
    const missing: Texts = { 'zh-CN': '友链', 'zh-TW': '友站連結' };
    expect(missing).toBeTruthy();
  });

  it('a definition with texts takes its log and screen titles from its name; its route from its menu entry', () => {
    const def = defineResource({
      name: 'thing', api: '/x/thing', id: 'thingId', perms: crud('x:thing'),
      menu: { id: 1, parent: { id: 9, path: '/things' }, order: 1, path: 'all', component: 'x/thing', icon: 'list' },
      texts: { title: { 'zh-CN': '物', 'zh-TW': '物', en: 'Things' } },
      fields: { thingId: { kind: 'id', column: true } },
    });
    expect([def.title, def.titleKey, screenPathOf(def)]).toEqual(['oplog.thing', 'screens:thing.title', '/things/all']);
  });
});
