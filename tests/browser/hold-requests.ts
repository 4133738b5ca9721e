import type { Page } from 'playwright-core';

/**
 * Holds the page's requests for `pattern` (a lazy chunk, say) until `release()`: what a user does
 * while code is on its way. Routing also bypasses the HTTP cache. `done()` lets them go and stops
 * holding, once the held requests went on (unrouting at once would race their handlers).
 */
export async function holdRequests(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handling = new Set<Promise<void>>();
  await page.route(pattern, (route) => {
    const handled = gate.then(() => route.continue()).catch(() => undefined);
    handling.add(handled);
    return handled;
  });
  return {
    release,
    async done() {
      release();
      await Promise.all(handling);
      await page.unroute(pattern);
    },
  };
}
