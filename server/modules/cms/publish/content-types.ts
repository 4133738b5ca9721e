/**
 * The Content-Type of a published file by its suffix: pages (whatever the site's static suffix,
 * shtml included), sitemaps and the pipe's static files. Anything else is served as bytes.
 */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', shtml: 'text/html; charset=utf-8',
  xml: 'application/xml; charset=utf-8', json: 'application/json; charset=utf-8', txt: 'text/plain; charset=utf-8',
  css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8', map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', ico: 'image/x-icon',
  woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf', otf: 'font/otf', eot: 'application/vnd.ms-fontobject',
  mp3: 'audio/mpeg', mp4: 'video/mp4', webm: 'video/webm', pdf: 'application/pdf',
};

export const suffixOf = (file: string) => {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const contentTypeOf = (file: string) => TYPES[suffixOf(file)] ?? 'application/octet-stream';

/** Pages and sitemaps: what a publish rewrites, so caches should ask again soon. */
export const isPage = (file: string) => ['html', 'htm', 'shtml', 'xml', 'json'].includes(suffixOf(file));
