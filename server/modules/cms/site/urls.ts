import { pipePropsWithDefaults } from '../../../../src/lib/cms/pipe-props.ts';

interface SiteLike {
  path: string;
  domain: string | null;
  publishPipeProps: Record<string, Record<string, unknown>>;
}

/**
 * Where a site's default pipe is read: its `url` prop when set; else http://<domain>/ when the
 * site has a domain; else this server, which serves the default pipe at /<site path>/.
 */
export function siteUrl(site: SiteLike, pipe: { code: string } | null, port: number): string {
  const url = pipe ? String(pipePropsWithDefaults(site.publishPipeProps[pipe.code]).url ?? '').trim() : '';
  if (url) return url.endsWith('/') ? url : `${url}/`;
  const host = (site.domain ?? '').trim().replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  return host ? `http://${host}/` : `http://localhost:${port}/${site.path}/`;
}

/**
 * The first segment of a path served under a site's folder (`/<site path>[_<pipe>]/…`), as a
 * route parameter. The published sites and the site's resources both use it: find-my-way tries a
 * parameter with a pattern before a plain one, so the resources' more specific route must sit on
 * the same node to win over the sites' wildcard.
 */
export const SITE_FOLDER_PARAM = ':sitePath(^[A-Za-z0-9_]+$)';
