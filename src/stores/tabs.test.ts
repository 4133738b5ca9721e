import { describe, expect, it } from 'vitest';
import { addTab, closeAll, closeLeft, closeOthers, closeRight, closeTab, HOME_TAB, landingAfterClose, tabMenuItems, type Tab } from './tabs.ts';

const tab = (path: string): Tab => ({ path, fullPath: path, title: path });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

describe('tab rules (spec §2)', () => {
  const tabs = [tab('/a'), tab('/b'), tab('/c')].reduce(addTab, [HOME_TAB]);

  it('one tab per page, Home affixed first', () => {
    expect(paths(addTab(tabs, { ...tab('/b'), fullPath: '/b?x=1' }))).toEqual(['/index', '/a', '/b', '/c']);
    expect(addTab(tabs, { ...tab('/b'), fullPath: '/b?x=1' })[2]!.fullPath).toBe('/b?x=1');
    expect(paths(addTab([], tab('/a')))).toEqual(['/index', '/a']);
  });

  it('closes: Home never goes', () => {
    expect(paths(closeTab(tabs, '/index'))).toEqual(['/index', '/a', '/b', '/c']);
    expect(paths(closeTab(tabs, '/b'))).toEqual(['/index', '/a', '/c']);
    expect(paths(closeOthers(tabs, '/b'))).toEqual(['/index', '/b']);
    expect(paths(closeLeft(tabs, '/b'))).toEqual(['/index', '/b', '/c']);
    expect(paths(closeRight(tabs, '/b'))).toEqual(['/index', '/a', '/b']);
    expect(paths(closeAll(tabs))).toEqual(['/index']);
  });

  it('menu: close left hidden on the first tab, close right on the last, close current not on Home', () => {
    expect(tabMenuItems(tabs, '/index')).toEqual({ refresh: true, close: false, others: true, left: false, right: true, all: true });
    expect(tabMenuItems(tabs, '/a')).toMatchObject({ close: true, left: false, right: true });
    expect(tabMenuItems(tabs, '/b')).toMatchObject({ left: true, right: true });
    expect(tabMenuItems(tabs, '/c')).toMatchObject({ left: true, right: false });
  });

  it('closing the active tab lands on the last remaining one, else / (or a redirect for the Dashboard)', () => {
    expect(landingAfterClose(closeTab(tabs, '/c'), tab('/c'))).toEqual({ to: '/b', redirect: false });
    expect(landingAfterClose([], tab('/a'))).toEqual({ to: '/', redirect: false });
    expect(landingAfterClose([], HOME_TAB)).toEqual({ to: '/index', redirect: true });
  });
});
