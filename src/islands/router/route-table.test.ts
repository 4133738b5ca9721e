import { describe, expect, it } from 'vitest';
import { registryIsEmpty } from '../../lib/routes/match.ts';
import { componentRoutes, patternRoutes } from './route-table.ts';
import { COMPONENT_SCREENS } from './screens.ts';

describe('route table', () => {
  it('has the three permission-gated routes of spec §2 (screens register as they are built)', () => {
    expect(registryIsEmpty({ components: componentRoutes, patterns: patternRoutes })).toBe(false);
    // The menus show exactly the component pages the router can load.
    expect(Object.keys(componentRoutes).sort()).toEqual(Object.keys(COMPONENT_SCREENS).sort());
    expect(patternRoutes.map((p) => [p.path, p.permissions])).toEqual([
      ['/system/role-auth/user/:roleId(\\d+)', ['system:role:edit']],
      ['/system/dict-data/index/:dictId(\\d+)', ['system:dict:view']],
      ['/tool/gen-edit/index/:tableId(\\d+)', ['tool:gen:edit']],
    ]);
  });
});
