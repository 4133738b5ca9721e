import { describe, expect, it } from 'vitest';
import { catalogActions } from './catalog-actions.ts';
import { CATALOG_PERMS, SITE_PERMS } from '../../../shared/cms/perms.ts';

// Issue 26 item 9: the catalog screen's actions follow the user's rights on the chosen node.
const everyKey = () => true;
const node = (perms?: string[], disabled = false) => ({ perms: perms as never, disabled });

describe('catalog screen actions', () => {
  it('at the site root: adding only with the site\'s AddCatalog, nothing that needs a catalog', () => {
    const without = catalogActions(null, ['View'], everyKey);
    expect(without.allowed).toMatchObject({ add: false, batchAdd: false, move: false, publish: false, remove: false, edit: false });
    expect(without.offered.add).toBe(true);
    const withRight = catalogActions(null, ['View', 'AddCatalog'], everyKey);
    expect(withRight).toMatchObject({ addTop: true, addChild: false, allowed: { add: true, batchAdd: true, publish: false } });
  });

  it('on a catalog: each action by its own grant there', () => {
    const viewOnly = catalogActions(node(['View']), ['View'], everyKey);
    expect(Object.values(viewOnly.allowed).every((a) => !a)).toBe(true);
    const editor = catalogActions(node(['View', 'Edit', 'Publish']), ['View'], everyKey);
    expect(editor).toMatchObject({ addChild: true, addTop: false });
    expect(editor.allowed).toEqual({ add: true, batchAdd: true, move: false, sort: false, showHide: false, remove: false, publish: true, edit: true, applyTemplate: false });
    const all = catalogActions(node([...CATALOG_PERMS]), [...SITE_PERMS], everyKey);
    expect(Object.values(all.allowed).every(Boolean)).toBe(true);
  });

  it('a greyed catalog (the way to a granted one) allows nothing', () => {
    expect(Object.values(catalogActions(node([...CATALOG_PERMS], true), ['View'], everyKey).allowed).every((a) => !a)).toBe(true);
  });

  it('needs the menu key as well: without it the action is not even offered', () => {
    const noPublishKey = catalogActions(node([...CATALOG_PERMS]), [...SITE_PERMS], (key) => key !== 'cms:catalog:publish');
    expect(noPublishKey.offered.publish).toBe(false);
    expect(noPublishKey.allowed.publish).toBe(false);
    expect(noPublishKey.allowed.remove).toBe(true);
  });

  it('a backend that lists no rights (ChestnutCMS) leaves the decision to the server', () => {
    expect(Object.values(catalogActions(node(undefined), undefined, everyKey).allowed).every(Boolean)).toBe(true);
  });
});
