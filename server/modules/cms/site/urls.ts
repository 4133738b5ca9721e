import { pipePropsWithDefaults } from '../../../../shared/cms/pipe-props.ts';

interface SiteLike {
  path: string;
  domain: string | null;
  publishPipeProps: Record<string, Record<string, unknown>>;
}

const slash = (s: string) => (s.endsWith('/') ? s : `${s}/`);

/**
 * Where a pipe of a site is read (ChestnutCMS's site link, cms-heart §1.2): its `url` prop when
 * set; else, for the default pipe, http://<domain>/ when the site has a domain; else the sites
 * port (`siteBase`, config.ts), which serves the default pipe at /<site path>/ and another at
 * /<site path>_<pipe>/ (publish/site-hosts.ts). Always ends in `/`.
 */
export function pipeAddress(site: SiteLike, pipeCode: string, isDefault: boolean, siteBase: string): string {
  const url = String(pipePropsWithDefaults(site.publishPipeProps[pipeCode]).url ?? '').trim();
  if (url) return slash(url);
  const host = (site.domain ?? '').trim().replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  if (host && isDefault) return `http://${host}/`;
  return `${slash(siteBase)}${isDefault ? site.path : `${site.path}_${pipeCode}`}/`;
}

/** Where a site's default pipe is read (the site list's `url`); the sites port's folder when it has no pipe. */
export function siteUrl(site: SiteLike, pipe: { code: string } | null, siteBase: string): string {
  return pipe ? pipeAddress(site, pipe.code, true, siteBase) : pipeAddress({ ...site, publishPipeProps: {} }, '', true, siteBase);
}
