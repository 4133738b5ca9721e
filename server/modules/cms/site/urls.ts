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
