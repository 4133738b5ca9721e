/**
 * The server stores and sends a content's rich text with the console's addresses below its API
 * prefix (`/prod-api/<site path>/resources/…`, previews of contents: resource/internal-links.ts on
 * the server). A console built with another API base (`PUBLIC_API_BASE`, the API on its own host
 * for a CDN-hosted console) shows them below that base, and hands them back below the prefix, so
 * the server recognises its own addresses whatever the console's build.
 */
export function swapApiBase(html: string, from: string, to: string): string {
  if (from === to || !html.includes(from)) return html;
  const quoted = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return html.replace(new RegExp(`(\\b(?:src|href|poster)=["'])${quoted}/`, 'g'), `$1${to}/`);
}
