import { defineMiddleware } from 'astro:middleware';
import { languageOfPath } from './lib/build/language-pages.ts';
import { drawnNamespaces, renderIn } from './lib/i18n/i18n.ts';
import { PAGE_TEXTS_ATTRIBUTE } from '../shared/constants.ts';

/**
 * Every page is prerendered in the language its path names (`_lang/<language>/…`, zh-CN
 * elsewhere: src/lib/build/language-pages.ts). Its <html> then names the namespaces it drew
 * texts of, which the browser fetches before the islands hydrate in that language (i18n.ts
 * `beforeHydrate`). The build renders one page at a time (Astro's build concurrency of 1).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  await renderIn(languageOfPath(context.url.pathname));
  const response = await next();
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = await response.text();
  const names = drawnNamespaces().join(',');
  return new Response(html.replace(/<html\b([^>]*)>/, (tag, attrs: string) => `<html${attrs} ${PAGE_TEXTS_ATTRIBUTE}="${names}">`), {
    status: response.status,
    headers: response.headers,
  });
});
