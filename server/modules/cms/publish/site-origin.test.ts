import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { drainQueue } from './worker.ts';
import { readTree, writePlainTemplates } from './test-publish.ts';
import { SITE_PAGE_CSP } from './site-headers.ts';
import { siteHostsOf } from './site-hosts.ts';
import { pipeOutputRoot } from './roots.ts';

// Issue 26 §1: published sites never share the console's origin. They are served on a port of
// their own (config.sitePort), by folder on its address and by host for a site's domain or a
// pipe's url; the console's port serves no site file.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-origin-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
let other: TestSite;
let imageSrc = '';

const call = async (method: string, url: string, body?: unknown, siteId = site.siteId) => {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const onSites = (url: string, host = 'localhost') => ts.server.sites.inject({ method: 'GET', url, headers: { host } });
const onConsole = (url: string) => ts.server.app.inject({ method: 'GET', url });
const publishAll = async (s: TestSite) => {
  await call('POST', '/cms/site/publish', { siteId: s.siteId, contentStatus: '30' }, s.siteId);
  await drainQueue(ts.server.services);
};

beforeAll(async () => {
  site = await makeTestSite(ts, 'orig');
  other = await makeTestSite(ts, 'else');
  await writePlainTemplates(ts, site);
  await writePlainTemplates(ts, other);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const body = multipartBody('file', 'photo.png', png);
  const up = await ts.server.app.inject({
    method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload,
    headers: { ...body.headers, ...H, CurrentSite: String(site.siteId), authorization: `Bearer ${ts.admin}` },
  });
  imageSrc = up.json().data.src;
  await publishAll(site);
  await publishAll(other);
});

describe('the console\'s port', () => {
  it('serves no published page, static file or resource of any site', async () => {
    for (const url of ['/orig/', '/orig/index.shtml', `/orig/news/world/${site.first}.shtml`, imageSrc, '/else/']) {
      const r = await onConsole(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.body, url).not.toContain('<title>Site');
    }
  });

  it('still gives the console a site\'s resources below the API, under a policy that runs nothing', async () => {
    const r = await onConsole(`/prod-api${imageSrc}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('the sites port, by folder', () => {
  it('serves each pipe\'s pages as pages: a site\'s policy, no sandbox, embeddable media', async () => {
    const home = await onSites('/orig/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Site orig</title>');
    expect(home.headers['content-security-policy']).toBe(SITE_PAGE_CSP);
    expect(home.headers['content-security-policy']).not.toMatch(/sandbox/);
    expect(home.headers['x-frame-options']).toBeUndefined();
    const image = await onSites(imageSrc);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A byte range, as a player asks for audio and video.
    const part = await ts.server.sites.inject({ method: 'GET', url: imageSrc, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
  });

  it('links published pages to the sites port', async () => {
    const tree = await readTree(pipeOutputRoot({ dataDir }, 'orig', 'pc', true));
    expect(tree.get('index.shtml')).toContain(`href="${ts.server.services.config.siteUrl ?? 'http://localhost:8091/'}orig/news/world/${site.first}.shtml"`);
    expect((await call('GET', `/cms/site/${site.siteId}`)).url).toBe('http://localhost:8091/orig/');
  });

  it('answers nothing but published sites: no console, no API, no unknown folder', async () => {
    for (const url of ['/admin/', '/admin/login', '/prod-api/getInfo', '/', '/nosuch/', '/orig_nopipe/']) {
      expect((await onSites(url)).statusCode, url).toBe(404);
    }
  });

  it('takes SITE_CSP in place of its own policy', async () => {
    ts.server.services.config.siteCsp = "default-src 'self'";
    try {
      expect((await onSites('/orig/')).headers['content-security-policy']).toBe("default-src 'self'");
    } finally {
      ts.server.services.config.siteCsp = undefined;
    }
  });
});

describe('the sites port, by host', () => {
  beforeAll(async () => {
    await call('POST', '/cms/publishpipe', { name: 'Mobile', code: 'h5', sort: 9 });
    await call('PUT', '/cms/site', {
      siteId: site.siteId, domain: 'www.orig.test',
      publishPipeDatas: [{ pipeCode: 'h5', props: { url: 'https://m.orig.test/mobile/' } }],
    });
    await writePlainTemplates(ts, site, {}, 'h5');
    siteHostsOf(ts.server.services).forget();
    await publishAll(site);
  });

  it('serves the default pipe at the root of the site\'s domain, with its resources there', async () => {
    const home = await onSites('/', 'www.orig.test');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Site orig</title>');
    expect(home.body).toContain(`href="http://www.orig.test/news/world/${site.first}.shtml"`);
    expect((await onSites('/news/', 'www.orig.test:8091')).body).toContain('<h1>News</h1>');
    const key = imageSrc.replace('/orig/', '/');
    expect((await onSites(key, 'www.orig.test')).statusCode).toBe(200);
  });

  it('serves another pipe at the host and path of its url', async () => {
    const home = await onSites('/mobile/', 'm.orig.test');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`href="https://m.orig.test/mobile/news/world/${site.first}.shtml"`);
    expect((await onSites('/mobile', 'm.orig.test')).headers.location).toBe('/mobile/');
    expect((await onSites('/', 'm.orig.test')).statusCode).toBe(404);
  });

  it('reaches no other site\'s folder through a site\'s domain', async () => {
    for (const url of ['/else/', '/orig/', '/orig_h5/']) expect((await onSites(url, 'www.orig.test')).statusCode, url).toBe(404);
    // …while the port's own address still serves every site by folder.
    expect((await onSites('/else/')).body).toContain('<title>Site else</title>');
  });
});
