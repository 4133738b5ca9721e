import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';

/**
 * Debian's Chromium driven by playwright-core against the real server (in-process, fresh
 * database, captcha on) serving the built console. One browser profile per test file, in a fresh
 * --user-data-dir; `reset()` clears it between tests.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = join(ROOT, 'dist');
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

export interface Harness {
  server: TestServer;
  context: BrowserContext;
  page: Page;
  url(path: string): string;
  /** Forgets cookies and storage and leaves a single blank page. */
  reset(): Promise<void>;
  /** Opens `path` (default the sign-in page), waits for its captcha and returns the captcha's answer. */
  openLogin(path?: string): Promise<string>;
  /** Fills and submits the sign-in form on the current page. */
  submitLogin(opts: { username?: string; password?: string; code: string }): Promise<void>;
  /** The whole sign-in through the real page; ends on Home (or the redirect target). */
  signIn(opts?: { path?: string; password?: string }): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  // The browser tests need a build; make one if there is none (CI builds first).
  if (!existsSync(join(DIST, 'login/index.html'))) execSync('npx astro build', { cwd: ROOT, stdio: 'inherit' });
  const server = await startTestServer({ listen: true, config: { captchaEnabled: true, consoleDir: DIST } });
  const profile = mkdtempSync(join(tmpdir(), 'castanea-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  let page = context.pages()[0] ?? (await context.newPage());
  const url = (path: string) => `${server.url}${path}`;

  const captchaAnswer = async (uuid: string) => {
    const [row] = await server.database.db.select({ code: sysCaptcha.code }).from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    if (!row) throw new Error(`no captcha ${uuid} in sys_captcha`);
    return row.code;
  };

  const harness: Harness = {
    server,
    context,
    get page() {
      return page;
    },
    url,
    async reset() {
      await context.clearCookies();
      // A fresh tab: the old one may still be navigating (a redirect, a 404).
      const old = context.pages();
      page = await context.newPage();
      for (const p of old) await p.close();
      // Storage is per origin: clear it from a page of the console's origin.
      await page.goto(url('/admin/favicon.svg'));
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
      await harness.submitLogin({ password: opts.password, code });
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    },
    async close() {
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  return harness;
}
