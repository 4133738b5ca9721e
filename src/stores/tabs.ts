import { atom } from 'nanostores';
import { DASHBOARD_ROUTE, STORAGE_KEYS } from '../../shared/constants.ts';
import { readJson, writeJson } from '../lib/web-storage.ts';

/**
 * The tab bar of visited pages (spec §2). Paths are route paths under the base ('/system/post');
 * fullPath adds the query. Rules are pure functions so they can be tested without a browser;
 * the store keeps the list in sessionStorage so it survives a reload of the browser tab.
 */
export interface Tab {
  path: string;
  fullPath: string;
  /** title as last seen (the menu's, already localised) */
  title: string;
  /** 'ns:key' of a prebuilt page's title, re-translated when the language differs */
  titleKey?: string;
  affix?: boolean;
  /** inner link: shown in an iframe */
  link?: string;
}

export const HOME_TAB: Tab = { path: DASHBOARD_ROUTE, fullPath: DASHBOARD_ROUTE, title: '', titleKey: 'shell:header.home', affix: true };

/** Adds (or refreshes) the tab of a visited page; Home always stays first. */
export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const list = tabs.some((t) => t.path === HOME_TAB.path) ? [...tabs] : [HOME_TAB, ...tabs];
  const i = list.findIndex((t) => t.path === tab.path);
  if (i < 0) return [...list, tab];
  const old = list[i]!;
  list[i] = { ...old, ...tab, title: tab.title || old.title, titleKey: tab.titleKey ?? old.titleKey, affix: old.affix || tab.affix };
  return list;
}

const keep = (t: Tab) => t.affix === true;
export const closeTab = (tabs: readonly Tab[], path: string) => tabs.filter((t) => t.path !== path || keep(t));
export const closeOthers = (tabs: readonly Tab[], path: string) => tabs.filter((t) => t.path === path || keep(t));
export const closeAll = (tabs: readonly Tab[]) => tabs.filter(keep);
export function closeLeft(tabs: readonly Tab[], path: string): Tab[] {
  const i = tabs.findIndex((t) => t.path === path);
  return tabs.filter((t, j) => j >= i || keep(t));
}
export function closeRight(tabs: readonly Tab[], path: string): Tab[] {
  const i = tabs.findIndex((t) => t.path === path);
  return tabs.filter((t, j) => j <= i || keep(t));
}

export interface TabMenuItems {
  refresh: boolean;
  close: boolean;
  others: boolean;
  left: boolean;
  right: boolean;
  all: boolean;
}

/**
 * The right-click menu for a tab: close current is not offered for an affixed tab; close left is
 * hidden on the first tab (nothing closable to its left, i.e. also the tab right after Home);
 * close right is hidden on the last tab.
 */
export function tabMenuItems(tabs: readonly Tab[], path: string): TabMenuItems {
  const i = tabs.findIndex((t) => t.path === path);
  const tab = tabs[i];
  return {
    refresh: true,
    close: !!tab && !tab.affix,
    others: true,
    left: i > 0 && tabs.slice(0, i).some((t) => !t.affix),
    right: i >= 0 && i < tabs.length - 1,
    all: true,
  };
}

/**
 * Where to go after the active tab closed (spec §2): the last remaining tab; with none left, the
 * root — or, when the closed page was the Dashboard, a redirect that reloads it.
 */
export function landingAfterClose(remaining: readonly Tab[], closed: Tab): { to: string; redirect: boolean } {
  const last = remaining[remaining.length - 1];
  if (last) return { to: last.fullPath, redirect: false };
  if (closed.path === DASHBOARD_ROUTE) return { to: closed.fullPath, redirect: true };
  return { to: '/', redirect: false };
}

// ---- the store

function load(): Tab[] {
  const stored = readJson('sessionStorage', STORAGE_KEYS.visitedTabs);
  // Unreadable: start over.
  if (!Array.isArray(stored)) return [HOME_TAB];
  return addTab(stored.filter((t): t is Tab => !!t && typeof (t as Tab).path === 'string'), HOME_TAB);
}

export const $tabs = atom<Tab[]>(load());
$tabs.listen((tabs) => writeJson('sessionStorage', STORAGE_KEYS.visitedTabs, tabs));

export const visitTab = (tab: Tab) => $tabs.set(addTab($tabs.get(), tab));
