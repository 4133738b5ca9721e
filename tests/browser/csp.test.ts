import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';

// Issue #8: the console works under its Content-Security-Policy. Chromium reports every violation
// as a `securitypolicyviolation` event and a console message; neither may appear while a new
// administrator signs in and opens Home and a list screen.

const h = useHarness();
const violations: string[] = [];

beforeAll(async () => {
  // Init scripts and console listeners are the browser's own: the page's CSP does not apply to them.
  await h.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  h.context.on('console', (msg) => {
    const text = msg.text();
    if (/CSP violation|Content Security Policy|Refused to (execute|load|apply|connect|frame|create)/i.test(text)) violations.push(text);
  });
});

describe('the console under its CSP', () => {
  it('sends the policy with its pages', async () => {
    await h.reset();
    const res = await h.page.goto(h.url('/admin/login'));
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('signs in, renders Home and a list screen, and reports no violation', async () => {
    await h.signInAsNewAdmin('cspadmin');
    await h.page.getByTestId('home-welcome').waitFor();
    await h.openScreen('/admin/system/post', '.resource-table tbody tr');
    expect(await h.page.locator('.resource-table tbody tr').count()).toBeGreaterThan(0);
    // Islands hydrated (the table came from the API through a script) and nothing was refused.
    expect(violations).toEqual([]);
  });
});
