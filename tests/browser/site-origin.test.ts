import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useHarness } from './harness.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { wav } from '../../server/modules/cms/resource/test-files.ts';

// Issue 26 §1 and §3 in Chromium: a site published with the default theme — an article whose body
// holds an uploaded image (inserted as the rich-text editor inserts it), an image set, an audio
// and a video — is read on the sites port, its own origin: every image and media file loads
// there, and nothing of it comes from the console's origin.

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-origin-b-'));
const h = useHarness({ admin: 'originadmin', config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let api: CmsApi;
let siteId = 0;
const pages: Record<'article' | 'image' | 'audio' | 'video', number> = { article: 0, image: 0, audio: 0, video: 0 };

/** A short WebM made by Chromium itself (MediaRecorder on a canvas): a video any Chromium plays. */
async function recordWebm(): Promise<Buffer> {
  await h.page.goto('about:blank');
  const bytes = await h.page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(10);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let i = 0; i < 8; i++) {
      g.fillStyle = i % 2 ? '#3366cc' : '#cc6633';
      g.fillRect(0, 0, 64, 48);
      await new Promise((r) => setTimeout(r, 60));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(parts).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

async function upload(name: string, content: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const res = await fetch(`${h.server.url}/prod-api/cms/resource/upload`, {
    method: 'POST', body: form, headers: { authorization: `Bearer ${api.token}`, CurrentSite: String(siteId), 'accept-language': 'en' },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  return body.data.src as string;
}

beforeAll(async () => {
  api = await cmsApi(h, 'originadmin', 'Secret123');
  siteId = (await api.ok('POST', '/cms/site', { name: 'Media', path: 'media' })).siteId;
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Stories' }, siteId));
  const photo = await upload('photo.png', await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366cc' } }).png().toBuffer(), 'image/png');
  const second = await upload('second.jpg', await sharp({ create: { width: 60, height: 80, channels: 3, background: '#cc6633' } }).jpeg().toBuffer(), 'image/jpeg');
  const sound = await upload('tone.wav', wav(1), 'audio/wav');
  const film = await upload('film.webm', await recordWebm(), 'video/webm');
  const add = async (type: string, body: Record<string, unknown>) =>
    (await api.ok('POST', `/cms/content?contentType=${type}`, { catalogId: cat.Stories, ...body }, siteId)).contentId as number;
  // The body as the rich-text editor makes it: the console's address of the library image.
  pages.article = await add('article', { title: 'With a picture', contentHtml: `<p>Before</p><p><img src="/prod-api${photo}" alt="photo"></p>` });
  pages.image = await add('image', { title: 'A set', images: [{ title: 'One', path: photo }, { title: 'Two', path: second }] });
  pages.audio = await add('audio', { title: 'A tone', audios: [{ title: 'Tone', path: sound }] });
  pages.video = await add('video', { title: 'A film', videos: [{ title: 'Film', path: film }] });
  await api.ok('POST', '/cms/content/publish', { contentIds: Object.values(pages) }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId, contentStatus: '30' }, siteId);
  await drainQueue(h.server.server.services);
});

describe('a published site on its own origin', () => {
  it('loads every image, audio and video of its pages from the sites port, nothing from the console\'s', async () => {
    const site = new URL(h.server.siteUrl).origin;
    const consoleOrigin = new URL(h.server.url).origin;
    expect(site).not.toBe(consoleOrigin);
    const fromConsole: string[] = [];
    const failed: string[] = [];
    const errors: string[] = [];
    h.page.on('request', (r) => r.url().startsWith(consoleOrigin) && fromConsole.push(r.url()));
    // A player that read the metadata it asked for drops the rest of the file (ERR_ABORTED): not a failure.
    h.page.on('requestfailed', (r) => !(r.resourceType() === 'media' && r.failure()?.errorText === 'net::ERR_ABORTED') && failed.push(`${r.url()} ${r.failure()?.errorText}`));
    h.page.on('response', (r) => r.status() >= 400 && failed.push(`${r.url()} ${r.status()}`));
    h.page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} ${m.location().url}`));
    for (const [type, id] of Object.entries(pages)) {
      const url = `${h.server.siteUrl}media/stories/${id}.shtml`;
      const res = await h.page.goto(url);
      expect(res?.status(), url).toBe(200);
      const media = await h.page.evaluate(async () => {
        const images = [...document.querySelectorAll<HTMLImageElement>('main img, .article img, .gallery img, img')];
        for (const img of images) {
          img.loading = 'eager';
          if (!img.complete) {
            await new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            });
          }
        }
        const players = [...document.querySelectorAll<HTMLMediaElement>('audio, video')];
        const loaded = await Promise.all(players.map((p) => new Promise<boolean>((resolve) => {
          p.preload = 'metadata';
          p.addEventListener('loadedmetadata', () => resolve(true), { once: true });
          p.addEventListener('error', () => resolve(false), { once: true });
          p.load();
        })));
        return {
          images: images.map((i) => ({ src: i.currentSrc, ok: i.naturalWidth > 0 })),
          players: players.map((p, i) => ({ src: p.currentSrc, ok: loaded[i] })),
        };
      });
      const all = [...media.images, ...media.players];
      const expected = { article: 1, image: 2, audio: 1, video: 1 }[type]!;
      expect(all.filter((m) => m.src.startsWith(`${site}/media/resources/`)).length, `${type}: ${JSON.stringify(all)}`).toBeGreaterThanOrEqual(expected);
      for (const m of all) {
        expect(m.ok, `${type}: ${m.src}`).toBe(true);
        expect(new URL(m.src).origin, `${type}: ${m.src}`).toBe(site);
      }
    }
    expect(fromConsole.join('\n')).toBe('');
    expect(failed.join('\n')).toBe('');
    expect(errors.join('\n')).toBe('');
  });

  it('runs its pages as pages: a script of the site runs, on the site\'s origin', async () => {
    await h.page.goto(`${h.server.siteUrl}media/`);
    expect(await h.page.evaluate(() => ({ origin: location.origin, sandboxed: window.origin === 'null' }))).toEqual({ origin: new URL(h.server.siteUrl).origin, sandboxed: false });
  });
});
