import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { allows, permitted, roleMatches, visibleItems } from './permission-gate.ts';
import { HasPermi, HasRole } from '../components/widgets/Gates.tsx';
import { $permissions, $roles } from './session.ts';

afterEach(() => {
  $permissions.set([]);
  $roles.set([]);
});

describe('permission and role gates (spec §5, §6)', () => {
  it('a permission passes with * or an exact match; any-of and all-of', () => {
    expect(permitted(['*'], { anyOf: ['system:post:add'] })).toBe(true);
    expect(permitted(['system:post:add'], { anyOf: ['system:post:add', 'x'] })).toBe(true);
    expect(permitted(['system:post:add'], { allOf: ['system:post:add', 'x'] })).toBe(false);
    expect(permitted(['system:post:view'], { anyOf: [''] })).toBe(false);
    expect(allows([], undefined)).toBe(true);
  });

  it('a role passes for admin or an exact match', () => {
    expect(roleMatches(['admin'], { anyOf: ['editor'] })).toBe(true);
    expect(roleMatches(['editor'], { allOf: ['editor'] })).toBe(true);
    expect(roleMatches(['editor'], { anyOf: ['auditor'] })).toBe(false);
  });

  it('hides dropdown items the user may not use', () => {
    const items = [{ id: 'a' }, { id: 'b', perm: 'p:b' }, { id: 'c', perm: 'p:c' }, { id: 'd', role: 'boss' }];
    expect(visibleItems(items, ['p:b'], ['editor']).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('does not render gated elements at all, and none into the prebuilt page whatever the session holds', () => {
    $permissions.set(['system:post:add']);
    $roles.set(['editor']);
    const gated = (
      <div>
        <HasPermi anyOf={['system:post:add']}><button>add</button></HasPermi>
        <HasPermi anyOf={['system:post:remove']}><button>remove</button></HasPermi>
        <HasRole anyOf={['editor']}><i>ed</i></HasRole>
        <HasRole anyOf={['auditor']}><i>aud</i></HasRole>
      </div>
    );
    // A server render is the prebuilt page, which knows no session: the gates render what it
    // rendered, so an island hydrates against the same HTML (React error 418 otherwise) and shows
    // what the live permissions allow right after (tests/browser/cms-workbench.test.ts).
    expect(renderToString(gated)).toBe('<div></div>');
    // What they would show once live: exactly the elements the held keys and roles allow.
    expect(visibleItems([{ id: 'add', perm: 'system:post:add' }, { id: 'remove', perm: 'system:post:remove' }, { id: 'ed', role: 'editor' }, { id: 'aud', role: 'auditor' }],
      $permissions.get(), $roles.get()).map((i) => i.id)).toEqual(['add', 'ed']);
  });
});
