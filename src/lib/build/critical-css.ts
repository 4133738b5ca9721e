import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Beasties from 'beasties';
import type { AstroIntegration } from 'astro';
import { afterBuild } from './base.ts';

/**
 * The sign-in pages' stylesheet, the console's whole theme (~180 KB, ~25 KB compressed), held the
 * form back by a round trip and its transfer on a slow link (sign-in 631 ms on Slow 4G, over the
 * 600 ms budget). Beasties inlines the rules those pages' own markup uses (~8 KB) and moves the
 * link to the end of the body: the form is drawn from the inline rules, and the theme still
 * arrives, is cached for the console, and styles what scripts add later. The rules of what scripts
 * add at once (a notice, a confirmation, an invalid field) are kept inline as well (`KEEP`), so a
 * message shown before the theme arrives is not drawn bare.
 */

/**
 * Rules Beasties cannot match against the markup: placeholders (pseudo-elements of every input),
 * and the elements scripts make on the sign-in pages (notify-lite's notices and dialogs, form-kit's
 * invalid fields).
 */
export const KEEP: RegExp[] = [/placeholder/, /\.p-toast/, /\.notice-stack/, /\.p-dialog/, /\.p-confirm-dialog/, /\.p-component-overlay/, /\.confirm-mask/, /\.p-invalid/, /\.p-error/, /\.p-link/, /\.p-icon\b/];

/** Inlines the critical rules of one built page (its HTML text); the rest loads after the content. */
export async function inlineCriticalCss(html: string, distDir: string, base: string): Promise<string> {
  const beasties = new Beasties({
    path: distDir,
    publicPath: base,
    // 'body': the full stylesheet is linked at the end of the body, no script or onload handler
    // needed (the CSP allows neither inline).
    preload: 'body',
    pruneSource: false,
    reduceInlineStyles: false,
    fonts: false,
    allowRules: KEEP,
    logLevel: 'warn',
  });
  return beasties.process(html);
}

/** Runs after the other HTML rewrites and before precompress (order of `integrations`). */
export function criticalCss(pages: string[]): AstroIntegration {
  return afterBuild('castanea-critical-css', async ({ distDir, base, logger }) => {
    for (const page of pages) {
      const file = join(distDir, page, 'index.html');
      const html = await readFile(file, 'utf8');
      await writeFile(file, await inlineCriticalCss(html, distDir, base));
    }
    logger.info(`critical CSS inlined on ${pages.join(', ')}`);
  });
}
