import { describe, expect, it } from 'vitest';
import type { ServerModule } from './route.ts';
import { shippedBy } from './shipped.ts';
import { mergeMessages, ServerI18n, type MessageCatalog } from './i18n.ts';
import { dir, page, v } from './seed-data.ts';

const catalog = (tree: Record<string, unknown>): MessageCatalog => ({ 'zh-CN': tree as MessageCatalog['en'], 'zh-TW': tree as MessageCatalog['en'], en: tree as MessageCatalog['en'] });
const task = { describe: 'x', run: async () => '' };

const a: ServerModule = {
  name: 'a',
  routes: [],
  menus: { rows: [dir(9000, 0, 1, 'a', 'x', ['甲', 'A', '甲'])], grantTo: { editor: [9000] } },
  dicts: [{ type: 'ADict', titles: ['甲', 'A', '甲'], values: [v('1', ['一', 'One', '一'])] }],
  seeds: [{ name: 'a-step', run: async () => {} }],
  tasks: { 'a.run': task },
};
const b: ServerModule = {
  name: 'b',
  routes: [],
  menus: { rows: [page(9001, 9000, 1, 'b', 'b/index', 'b:b:view', 'x', ['乙', 'B', '乙'])], grantTo: { editor: [9001] } },
  configs: [{ key: 'b.flag', name: '乙', value: 'true', remark: '' }],
  seeds: [{ name: 'b-step', run: async () => {} }],
  messages: catalog({ b: { hello: 'Hello {{name}}' } }),
};

describe('what modules ship (core/shipped.ts)', () => {
  it('gathers every contribution in module order', () => {
    const shipped = shippedBy([a, b]);
    expect(shipped.menus.map((m) => m.menuId)).toEqual([9000, 9001]);
    expect(shipped.roleMenuRoots).toEqual({ editor: [9000, 9001] });
    expect(shipped.dicts.map((d) => d.type)).toEqual(['ADict']);
    expect(shipped.configs.map((c) => c.key)).toEqual(['b.flag']);
    expect(shipped.steps.map((s) => s.name)).toEqual(['a-step', 'b-step']);
    expect([...shipped.tasks.keys()]).toEqual(['a.run']);
    expect(shipped.messages).toHaveLength(1);
  });

  it('stops the start when two modules ship the same menu id, dictionary, config, step or task, naming both', () => {
    const clash = (extra: Partial<ServerModule>) => () => shippedBy([a, { name: 'c', routes: [], ...extra }]);
    expect(clash({ menus: { rows: [a.menus!.rows[0]!] } })).toThrow('menu 9000 is shipped by both module a and module c');
    expect(clash({ dicts: a.dicts })).toThrow('dictionary ADict is shipped by both module a and module c');
    expect(clash({ seeds: [{ name: 'a-step', run: async () => {} }] })).toThrow('seed step a-step is shipped by both module a and module c');
    expect(clash({ tasks: { 'a.run': task } })).toThrow('task a.run is shipped by both module a and module c');
    expect(() => shippedBy([b, { name: 'c', routes: [], configs: b.configs }])).toThrow('config b.flag is shipped by both module b and module c');
  });
});

describe("modules' messages in the server i18n", () => {
  it("merges a module's catalog over the core's, so its keys translate in every language", () => {
    const i18n = new ServerI18n([b.messages!]);
    expect(i18n.translator('en')('b.hello', { name: 'Ann' })).toBe('Hello Ann');
    // The core's own keys are still there beside it.
    expect(i18n.translator('en')('resource.notFound')).toBe('The record does not exist or is out of your reach');
  });

  it('refuses a key declared twice: by the core and a module, or by two modules', () => {
    expect(() => new ServerI18n([catalog({ resource: { notFound: 'mine' } })])).toThrow('server message "resource.notFound" is declared twice');
    expect(() => new ServerI18n([b.messages!, catalog({ b: { hello: 'again' } })])).toThrow('server message "b.hello" is declared twice');
    // A text where another module has a group of texts is a clash too.
    expect(() => mergeMessages({ b: { hello: 'x' } }, { b: 'flat' })).toThrow('server message "b" is declared twice');
    expect(mergeMessages({ b: { hello: 'x' } }, { b: { bye: 'y' } })).toEqual({ b: { hello: 'x', bye: 'y' } });
  });
});
