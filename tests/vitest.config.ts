import { defineConfig } from 'vitest/config';
import { definitionScreens } from '../src/lib/build/definition-screens.ts';

// Projects: `server` (API and server units; runs again against PostgreSQL when DATABASE_URL is set)
// with `server-isolated` beside it, `console` (console units and repo-wide checks), `browser` and
// `browser-alone` (Chromium against a built console).

/**
 * Browser tests that run alone, after the others: they compare pictures taken a moment apart, hold
 * a page's code back to look at it before, measure layout shifts, or drag and drop, which a second
 * Chromium on the other core can delay past what they wait for. The others run two at a time.
 */
const BROWSER_ALONE = [
  'prepaint', 'prepaint-home', 'prepaint-content', 'shell-shift', 'sign-in-first-paint', 'warm-nav',
  'layout', 'focus-rings', 'stand-ins', 'cms-catalog', 'cms-image-tools',
].map((name) => `tests/browser/${name}.test.ts`);
/** Server tests that mock a module (vi.mock) and so need modules of their own, loaded fresh. */
const ISOLATED_SERVER_TESTS = ['server/modules/messaging/webhooks.test.ts'];
/** What both browser projects share. */
const BROWSER = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 90_000,
  // What a page shows after a request or a lazy chunk can take seconds on CI's two loaded cores:
  // a poll waits up to 10 s (Vitest's 1 s failed tests that pass alone).
  expect: { poll: { timeout: 10_000 } },
  // The files load the server's modules once (see the server project); the harness puts back the
  // DATA_DIR a file sets.
  isolate: false,
} as const;

export default defineConfig({
  // The screens resource definitions declare, as the console's build has them.
  plugins: [definitionScreens()],
  test: {
    root: new URL('..', import.meta.url).pathname,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    // Vitest's default is one worker less than the cores: one worker on CI's two, which leaves a
    // core idle through the API tests (PGlite runs in the worker's own thread). Browser tests too
    // run two files at a time (a Chromium waits on its server and its pages about a third of the
    // time), but for the few that must run alone (BROWSER_ALONE).
    maxWorkers: 2,
    // One migrated and seeded database per run, copied by every test server (see the file).
    globalSetup: ['./tests/helpers/seeded-database.global.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: ISOLATED_SERVER_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker loads the server's modules once for all the files it runs: each file building
          // its own server on its own database shares nothing else, and loading the app (a few
          // thousand modules) per file was over a third of the API tests' time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server-isolated', include: ISOLATED_SERVER_TESTS, environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'console', include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.{ts,tsx}', 'tests/*.test.ts', 'scripts/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          exclude: BROWSER_ALONE,
          ...BROWSER,
          // After the API and unit tests when a run selects them all: a Chromium beside PGlite's
          // workers on two cores times out at random.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          include: BROWSER_ALONE,
          ...BROWSER,
          // One Chromium at a time, once the two-at-a-time files are done.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
