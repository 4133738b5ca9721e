import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectLaidOut } from './looks.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import { sysUser } from '../../server/modules/system/schema.ts';
import type { ServerConfig } from '../../server/config.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES } from '../../shared/constants.ts';

/**
 * Debian's Chromium driven by playwright-core against the real server (in-process, fresh
 * database, captcha on) serving the built console. One browser profile per test file, in a fresh
 * --user-data-dir; `reset()` clears it between tests. A test file gets its harness from
 * `useHarness()`.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist');
/** Debian's Chromium unless CHROMIUM_PATH names another. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The rows of a resource screen's table (what a screen shows once its list has loaded). */
export const TABLE_ROWS = '.resource-table tbody tr';
/**
 * Hides the shell's password-demand modal: it is not what the screen tests test, and it may cover
 * a screen even without a demand (or after a test enables a security config that makes one).
 */
const HIDE_PASSWORD_DEMAND = '.p-dialog-mask:has(.password-demand-dialog){display:none!important}';

export interface Harness {
  readonly server: TestServer;
  readonly context: BrowserContext;
  readonly page: Page;
  url(path: string): string;
  /** Forgets cookies and storage and leaves a single blank page. */
  reset(): Promise<void>;
  /** Opens `path` (default the sign-in page), waits for its captcha and returns the captcha's answer. */
  openLogin(path?: string): Promise<string>;
  /** Fills and submits the sign-in form on the current page. */
  submitLogin(opts: { username?: string; password?: string; code: string }): Promise<void>;
  /** The whole sign-in through the real page; ends on Home (or the redirect target). */
  signIn(opts?: { path?: string; username?: string; password?: string }): Promise<void>;
  /** `reset()`, then the whole sign-in as this user. */
  signInAs(username: string, password: string): Promise<void>;
  /**
   * Creates an administrator with no pending password change (the seeded admin's forced change
   * would cover every screen) and signs in as it from a fresh profile.
   */
  signInAsNewAdmin(userName: string, password?: string): Promise<void>;
  /**
   * Makes `siteId` the current site for the next page loads, from a page that runs no script (the
   * favicon): the shell's site probe, still running after a sign-in, would otherwise store the site
   * the server answered for the page's old one over it.
   */
  chooseSite(siteId: number): Promise<void>;
  /** Opens a console screen, waits for `ready` (its first match) if given, and hides the password-demand modal. */
  openScreen(path: string, ready?: string): Promise<void>;
  /** Hides the password-demand modal on the current page (again after an in-page navigation). */
  hideDemand(): Promise<void>;
  /** Fails, naming `screen`, when the screen as drawn now is laid out wrong but for `known` defects (see looks.ts). */
  expectLaidOut(screen: string, known?: readonly RegExp[]): Promise<void>;
  /**
   * Runs `look` in each console language (zh-CN, zh-TW, en) at each width (by default 800 px, where
   * a screen runs out of room; 900 high), the language set before the screen is opened.
   */
  inEveryLook(look: (at: { lng: string; width: number; tag: string }) => Promise<void>, widths?: readonly number[]): Promise<void>;
  /** The rows of the resource table holding `text`. */
  rowOf(text: string): Locator;
  /** The resource screen's add/edit dialog. */
  dialog(): Locator;
  /** The resource table's toolbar (add, delete, export…). */
  toolbar(): Locator;
  /**
   * Another browser context holding what the harness's has now (its session, its storage), of a
   * second Chromium started on first use: a page of its own that may walk screens at the same
   * time, in another language. Closed with the harness.
   */
  twin(): Promise<BrowserContext>;
  /** PrimeReact's confirmation dialog. */
  confirmBox(): Locator;
  /**
   * The notices on screen (PrimeReact's toasts, or the sign-in pages' own). Look for a notice's
   * text here: the page's live region holds it too, for screen readers (docs/accessibility.md).
   */
  toasts(): Locator;
  close(): Promise<void>;
}

/**
 * The harness of one test file: registers a `beforeAll` that starts it (and, given `admin`, signs
 * in as that new administrator, see `signInAsNewAdmin`) and an `afterAll` that closes it. Call it
 * at the top of the file, before the file's own hooks (which then run after it); use the harness
 * inside hooks and tests, not at import time.
 */
/** DATA_DIR as the run began (read when this module first loads, before any file sets its own). */
const DATA_DIR_BEFORE = process.env.DATA_DIR;

/**
 * Tests choose the interface language by writing the stored choice (`localStorage.language`); a
 * reader chooses it through a language menu, which sets its cookie too (src/stores/locale.ts
 * chooseLanguage), so that the server sends the pages built in it. In the harness's pages, a test's
 * write does the same.
 */
const LANGUAGE_CHOICE = ([name, attributes]: readonly [string, string]) => {
  const cookie = (value: string) => {
    document.cookie = `${name}=${value}${attributes}`;
  };
  const { setItem, removeItem } = Storage.prototype;
  Storage.prototype.setItem = function (key: string, value: string) {
    if (this === window.localStorage && key === 'language') cookie(value);
    return setItem.call(this, key, value);
  };
  Storage.prototype.removeItem = function (key: string) {
    if (this === window.localStorage && key === 'language') cookie('zh-CN');
    return removeItem.call(this, key);
  };
};

export function useHarness(opts: { admin?: string; password?: string; config?: Partial<ServerConfig>; ownDataDir?: boolean } = {}): Harness {
  // A data folder of the file's own, removed afterwards: a shared one keeps an earlier file's theme files.
  const ownDir = opts.ownDataDir ? mkdtempSync(join(tmpdir(), 'castanea-browser-')) : null;
  const { harness, start } = createHarness(ownDir ? { ...opts.config, dataDir: ownDir } : opts.config);
  beforeAll(async () => {
    await start();
    if (opts.admin) await harness.signInAsNewAdmin(opts.admin, opts.password);
  });
  afterAll(async () => {
    await harness.close();
    // Browser test files share their worker's modules and process (isolate: false): a data
    // folder one file chose must not become the next file's.
    if (DATA_DIR_BEFORE === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = DATA_DIR_BEFORE;
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  });
  return harness;
}

function createHarness(config: Partial<ServerConfig> = {}): { harness: Harness; start(): Promise<void> } {
  // Set by start(); the methods below run only after it.
  let server!: TestServer;
  let context!: BrowserContext;
  let page!: Page;
  let profile = '';
  let twins: Promise<Browser> | null = null;
  const started = <T>(value: T): T => {
    if (!value) throw new Error('the browser harness starts in beforeAll: use it inside hooks and tests');
    return value;
  };

  async function start() {
    // The browser tests need a build; make one if there is none (CI builds first).
    if (!existsSync(join(DIST, 'login/index.html'))) execSync('npx astro build', { cwd: ROOT, stdio: 'inherit' });
    server = await startTestServer({ listen: true, config: { ...config, captchaEnabled: true, consoleDir: DIST } });
    profile = mkdtempSync(join(tmpdir(), 'castanea-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1280, height: 800 },
    });
    await context.addInitScript(LANGUAGE_CHOICE, [LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES] as const);
    page = context.pages()[0] ?? (await context.newPage());
  }
  // An absolute URL passes through: the console may be served from another origin (cdn.test.ts).
  const url = (path: string) => (/^https?:\/\//.test(path) ? path : `${server.url}${path}`);

  const captchaAnswer = async (uuid: string) => {
    const [row] = await server.database.db.select({ code: sysCaptcha.code }).from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    if (!row) throw new Error(`no captcha ${uuid} in sys_captcha`);
    return row.code;
  };

  const harness: Harness = {
    get server() {
      return started(server);
    },
    get context() {
      return started(context);
    },
    get page() {
      return started(page);
    },
    url,
    async reset() {
      await context.clearCookies();
      // A fresh tab: the old one may still be navigating (a redirect, a 404).
      const old = context.pages();
      page = await context.newPage();
      // Closing a tab caught mid-navigation has hung once in CI (the hook timed out, and every
      // later test of the file with it): give it a few seconds, then leave it to the context.
      for (const p of old) await Promise.race([p.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
      // Storage is per origin: clear it from a page of the console's origin.
      await page.goto(url('/admin/favicon.svg'), { timeout: 20_000 }).catch(() => page.goto(url('/admin/favicon.svg')));
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    },
    async openLogin(path = '/admin/login') {
      const reply = page.waitForResponse((r) => r.url().includes('/prod-api/captchaImage'));
      await page.goto(url(path));
      const body = (await (await reply).json()) as { data: { uuid: string } };
      return captchaAnswer(body.data.uuid);
    },
    async submitLogin({ username = 'admin', password = 'admin123', code }) {
      await page.fill('#login-username', username);
      await page.fill('#login-password', password);
      await page.fill('#login-code', code);
      await page.click('#login-form button[type=submit]');
    },
    async signIn(opts = {}) {
      const code = await harness.openLogin(opts.path);
      await harness.submitLogin({ username: opts.username, password: opts.password, code });
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    },
    async signInAs(username, password) {
      await harness.reset();
      await harness.signIn({ username, password });
    },
    async signInAsNewAdmin(userName, password = 'Secret123') {
      const db = server.database.db;
      await createUser(db, userName, { roles: ['admin'], password });
      await db.update(sysUser).set({ passwordModifyTime: new Date() }).where(eq(sysUser.userName, userName));
      await harness.signInAs(userName, password);
    },
    async chooseSite(siteId) {
      await page.goto(url('/admin/favicon.svg'));
      await page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
    },
    async openScreen(path, ready) {
      await page.goto(url(path));
      if (ready) await page.locator(ready).first().waitFor();
      // A list painted before its scripts (issue 34) does nothing until its screen takes over:
      // the tests act on the screen.
      await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
      // Hidden after the wait, as the screen tests always did: some count the table's rows right
      // after this and were written against that timing.
      await harness.hideDemand();
    },
    async hideDemand() {
      await page.addStyleTag({ content: HIDE_PASSWORD_DEMAND });
    },
    expectLaidOut: (screen, known) => expectLaidOut(page, screen, known),
    async inEveryLook(look, widths = [800]) {
      for (const lng of ['zh-CN', 'zh-TW', 'en']) {
        await page.evaluate((l) => localStorage.setItem('language', l), lng);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          await look({ lng, width, tag: `${lng}-${width}` });
        }
      }
    },
    rowOf: (text) => page.locator(TABLE_ROWS, { hasText: text }),
    dialog: () => page.locator('.resource-dialog'),
    toolbar: () => page.locator('.table-toolbar-actions'),
    confirmBox: () => page.locator('.p-confirm-dialog'),
    toasts: () => page.locator('.p-toast'),
    async twin() {
      twins ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
      const twin = await (await twins).newContext({ viewport: { width: 1280, height: 800 }, storageState: await context.storageState() });
      await twin.addInitScript(LANGUAGE_CHOICE, [LANGUAGE_COOKIE, LANGUAGE_COOKIE_ATTRIBUTES] as const);
      return twin;
    },
    async close() {
      // Also after a start that failed half-way.
      if (twins) await (await twins.catch(() => null))?.close();
      await context?.close();
      await server?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    },
  };
  return { harness, start };
}
