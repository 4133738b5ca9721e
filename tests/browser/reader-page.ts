import type { BrowserContext, Page } from 'playwright-core';

/** Headless Chromium names itself HeadlessChrome, which the view counter takes for a robot. */
export const READER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A page of `context` that reads as a reader's browser (its agent, or the one given, and its language when given). */
export async function readerPage(context: BrowserContext, opts: { acceptLanguage?: string; userAgent?: string } = {}): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setUserAgentOverride', { userAgent: opts.userAgent ?? READER_AGENT, ...(opts.acceptLanguage ? { acceptLanguage: opts.acceptLanguage } : {}) });
  return page;
}
