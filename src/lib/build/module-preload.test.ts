import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addPreloads, pageEntries } from './module-preload.ts';

// A signed-in page as the build writes it: the shell's islands (kept across pages by the client
// router) around the screen's, a module script, the renderer every island names.
const island = (component: string, persist?: string) =>
  `<astro-island uid="x" component-url="/admin/_assets/${component}" component-export="default" renderer-url="/admin/_assets/client.js" ssr client="load"${persist ? ` data-astro-transition-persist="${persist}"` : ''} await-children></astro-island>`;
const PAGE = [
  '<html><head><link rel="stylesheet" href="/admin/_assets/page.css"><script type="module" src="/admin/_assets/router.js"></script></head><body>',
  island('ShellSidebar.js', 'shell-sidebar'),
  island('ResourceIsland.js'),
  island('ShellTop.js', 'shell-top'),
  '<astro-island uid="y" component-url="/admin/_assets/Later.js" renderer-url="/admin/_assets/client.js" ssr client="idle"></astro-island>',
  '</body></html>',
].join('');

describe('a page\'s preloads', () => {
  it('names the screen\'s island first, then the scripts and the shell\'s islands, not those hydrated later', () => {
    expect(pageEntries(PAGE)).toEqual({
      screen: ['/admin/_assets/ResourceIsland.js', '/admin/_assets/client.js'],
      rest: ['/admin/_assets/router.js', '/admin/_assets/ShellSidebar.js', '/admin/_assets/ShellTop.js'],
    });
  });

  it('preloads the modules the screen imports before those only the shell does', () => {
    const dist = mkdtempSync(join(tmpdir(), 'preload-'));
    mkdirSync(join(dist, '_assets'));
    const files: Record<string, string> = {
      'page.css': 'body{}',
      'router.js': 'import"./shell.js";',
      'shell.js': 'import{a}from"./react.js";',
      'react.js': 'export const a=1;',
      'client.js': 'import{a}from"./react.js";',
      'ResourceIsland.js': 'import{s}from"./list.js";import"./shell.js";',
      'list.js': 'export const s=1;',
      'ShellSidebar.js': 'import"./sidebar-only.js";import"./shell.js";',
      'sidebar-only.js': '',
      'ShellTop.js': 'import"./shell.js";',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, '_assets', name), text);
    const html = addPreloads(dist, '/admin/', PAGE);
    const preloaded = [...html.matchAll(/rel="modulepreload" href="\/admin\/_assets\/([^"]+)"/g)].map((m) => m[1]);
    expect(preloaded).toEqual(['ResourceIsland.js', 'list.js', 'shell.js', 'react.js', 'client.js', 'router.js', 'ShellSidebar.js', 'sidebar-only.js', 'ShellTop.js']);
  });
});
