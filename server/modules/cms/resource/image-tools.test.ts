import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { MENUS } from '../../shipped.ts';
import { cmsResource, cmsSite } from '../schema.ts';
import { colourAt, mp4, png, quadrants } from './test-files.ts';

// Issue 29 §5 through the HTTP API: crop, turn, mirror and watermark a library image (previewed
// without storing, applied on save with the row and the thumbnail), and a video's poster frame.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-imgtools-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatsubmit: 'false', 'accept-language': 'en' };

let demo = 0;
let other = 0;
const siteHeaders = (siteId = demo) => ({ ...H, CurrentSite: String(siteId) });

async function upload(fileName: string, content: Buffer, siteId = demo) {
  const body = multipartBody('file', fileName, content);
  const res = await ts.server.app.inject({
    method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload,
    headers: { ...body.headers, ...siteHeaders(siteId), authorization: `Bearer ${ts.admin}` },
  });
  const r = res.json();
  expect(r.code, r.msg).toBe(200);
  return r.data;
}
const call = (path: string, body: unknown, o: { token?: string; siteId?: number } = {}) =>
  ts.api('POST', path, { token: o.token ?? ts.admin, body, headers: siteHeaders(o.siteId) });
async function ok(path: string, body: unknown) {
  const r = await call(path, body);
  expect(r.code, `${path}: ${r.msg}`).toBe(200);
  return r.data;
}
/** The stored object as the console reads it (below the API). */
const stored = async (src: string) => (await ts.server.app.inject({ method: 'GET', url: `/prod-api${src}` })).rawPayload;
const rowOf = async (id: number) => (await ts.database.db.select().from(cmsResource).where(eq(cmsResource.resourceId, id)))[0]!;
const sizeOf = async (buf: Buffer) => {
  const m = await sharp(buf).metadata();
  return [m.width, m.height];
};

beforeAll(async () => {
  demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
  other = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Other', path: 'other' } })).data.siteId;
  await ok('/cms/setting/storage', { ThumbnailWidth: '20', ThumbnailHeight: '20' });
});

describe('crop, rotate and mirror', () => {
  it('previews an edit without changing the stored image', async () => {
    const photo = await upload('quad.png', await quadrants(400, 200));
    const before = await stored(photo.src);
    const res = await ts.server.app.inject({
      method: 'POST', url: '/prod-api/cms/resource/image/preview',
      headers: { ...siteHeaders(), authorization: `Bearer ${ts.admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ resourceId: photo.resourceId, rotate: 90 }),
    });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(await sizeOf(res.rawPayload)).toEqual([200, 400]);
    expect(await colourAt(res.rawPayload, 5, 5)).toBe('blue');
    expect((await stored(photo.src)).equals(before)).toBe(true);
    expect(await rowOf(photo.resourceId)).toMatchObject({ width: 400, height: 200 });
  });

  it('saves a turn, a mirror and a crop: the file, its size, dimensions and thumbnail change together', async () => {
    const photo = await upload('quad.png', await quadrants(400, 200));
    const thumbBefore = await sizeOf(await stored(photo.thumbSrc));
    expect(thumbBefore).toEqual([20, 10]);
    // mirrored: green red / white blue; turned a quarter: white green over blue red (200 × 400); the top half
    const saved = await ok('/cms/resource/image/save', { resourceId: photo.resourceId, flipX: true, rotate: 90, crop: { x: 0, y: 0, width: 200, height: 200 } });
    expect(saved).toMatchObject({ resourceId: photo.resourceId, path: photo.path, width: 200, height: 200 });
    const file = await stored(photo.src);
    expect(await sizeOf(file)).toEqual([200, 200]);
    expect([await colourAt(file, 5, 5), await colourAt(file, 195, 5)]).toEqual(['white', 'green']);
    expect(saved.fileSize).toBe(file.length);
    expect(await sizeOf(await stored(saved.thumbSrc))).toEqual([20, 20]);
    expect(await rowOf(photo.resourceId)).toMatchObject({ width: 200, height: 200, fileSize: file.length, updateBy: 'admin' });
  });

  it('refuses bad edits naming the field, and stores nothing', async () => {
    const photo = await upload('small.png', await png(100, 50));
    const before = await stored(photo.src);
    const refusals: [unknown, string][] = [
      [{ rotate: 45 }, 'Rotation must be 90, 180 or 270 degrees'],
      [{ crop: { x: 0, y: 0, width: 101, height: 10 } }, 'Crop width: the crop rectangle must lie inside the image (100 × 50 pixels)'],
      // turned a quarter, the image is 50 wide
      [{ rotate: 90, crop: { x: 60, y: 0, width: 10, height: 10 } }, 'Crop left edge (x): the crop rectangle must lie inside the image (50 × 100 pixels)'],
      [{ crop: { x: -1, y: 0, width: 10, height: 10 } }, 'Crop left edge (x) must be between 0 and 40000000'],
      [{ crop: { x: 0, y: 0, width: 0, height: 10 } }, 'Crop width must be between 1 and 40000000'],
      [{ watermark: { type: 'text', text: 'x', position: 'CENTER', opacity: 1.5 } }, 'Opacity must be between 0 and 1'],
      [{ watermark: { type: 'text', text: 'x', position: 'CENTER', ratio: 10 } }, 'Largest size (%) must be between 20 and 100'],
      [{ watermark: { type: 'text', position: 'CENTER' } }, 'Watermark text cannot be empty'],
      [{ watermark: { type: 'image', imageId: 999999, position: 'CENTER' } }, 'Watermark image must be an image of this site\'s resource library'],
    ];
    for (const [edit, msg] of refusals) {
      const r = await call('/cms/resource/image/save', { resourceId: photo.resourceId, ...(edit as object) });
      expect(r.msg, JSON.stringify(edit)).toBe(msg);
    }
    expect((await stored(photo.src)).equals(before)).toBe(true);
    const pdf = await upload('doc.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect((await call('/cms/resource/image/save', { resourceId: pdf.resourceId, rotate: 90 })).msg).toBe('Only images can be cropped, turned, mirrored or watermarked');
  });

  it('puts the original back when the row cannot be written', async () => {
    const photo = await upload('kept.png', await png(60, 40));
    const before = await stored(photo.src);
    const { sql } = await import('drizzle-orm');
    await ts.database.db.execute(sql.raw(`create or replace function castanea_fail_edit() returns trigger language plpgsql as $$
      begin if new.name = 'kept' and new.width <> old.width then raise exception 'boom'; end if; return new; end $$`));
    await ts.database.db.execute(sql.raw('create trigger castanea_fail_edit before update on cms_resource for each row execute function castanea_fail_edit()'));
    try {
      expect((await call('/cms/resource/image/save', { resourceId: photo.resourceId, rotate: 90 })).code).toBe(500);
    } finally {
      await ts.database.db.execute(sql.raw('drop trigger castanea_fail_edit on cms_resource'));
      await ts.database.db.execute(sql.raw('drop function castanea_fail_edit()'));
    }
    expect((await stored(photo.src)).equals(before)).toBe(true);
    expect(await rowOf(photo.resourceId)).toMatchObject({ width: 60, height: 40 });
  });
});

describe('watermark', () => {
  it('stamps a library image at the chosen corner on demand, with its opacity', async () => {
    const mark = await upload('mark.png', await png(40, 40, '#ff0000'));
    const photo = await upload('blue.png', await png(200, 100, '#0000ff'));
    await ok('/cms/resource/image/save', { resourceId: photo.resourceId, watermark: { type: 'image', imageId: mark.resourceId, position: 'BOTTOM_RIGHT', opacity: 1, ratio: 20 } });
    const file = await stored(photo.src);
    // 20% of 200 × 100 is 40 × 20: the 40 × 40 mark becomes 20 × 20 in the bottom-right corner.
    expect(await colourAt(file, 195, 95)).toBe('red');
    expect(await colourAt(file, 181, 81)).toBe('red');
    expect(await colourAt(file, 175, 95)).toBe('blue');
    expect(await colourAt(file, 5, 5)).toBe('blue');
    const half = await upload('blue2.png', await png(200, 100, '#0000ff'));
    await ok('/cms/resource/image/save', { resourceId: half.resourceId, watermark: { type: 'image', imageId: mark.resourceId, position: 'TOP_LEFT', opacity: 0.5, ratio: 20 } });
    // half red over blue
    expect(await colourAt(await stored(half.src), 5, 5)).toMatch(/^rgb\((12[0-9]|13[0-9]),0,(11[0-9]|12[0-9]|13[0-9])\)$/);
  });

  it('stamps words where the settings say on upload, and only there', async () => {
    await ok('/cms/setting/watermark', { ImageWatermark: 'Y', WatermarkType: 'text', WatermarkText: 'CASTANEA', WatermarkColor: '#FF0000', WatermarkPosition: 'TOP_LEFT', WatermarkRatio: '50', WatermarkOpacity: '1' });
    try {
      const photo = await upload('plain.png', await png(400, 200, '#0000ff'));
      const { data, info } = await sharp(await stored(photo.src)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const reddish = (x0: number, y0: number, x1: number, y1: number) => {
        let n = 0;
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (data[(y * info.width + x) * 3]! > 128) n++;
        return n;
      };
      expect(reddish(0, 0, 200, 100)).toBeGreaterThan(100);
      expect(reddish(200, 0, 400, 200) + reddish(0, 100, 200, 200)).toBe(0);
    } finally {
      await ok('/cms/setting/watermark', { ImageWatermark: 'N' });
    }
  });

  it('refuses a text watermark setting without its words or with a bad colour', async () => {
    expect((await call('/cms/setting/watermark', { ImageWatermark: 'Y', WatermarkType: 'text', WatermarkText: '' })).msg).toBe('Watermark text cannot be empty');
    expect((await call('/cms/setting/watermark', { WatermarkColor: 'red' })).msg).toBe('Text colour must be a colour like #FFFFFF');
  });
});

describe('rights and other sites', () => {
  let viewer = '';
  beforeAll(async () => {
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:resource:')).map((m) => m.menuId);
    const roleId = (await ok('/system/role', { roleName: 'Viewers', roleKey: 'viewers', dataScope: '5', menuIds })).roleId;
    await ok('/system/user', { userName: 'viewer', nickName: 'Viewer', deptId: 100, password: 'Library123', roleIds: [roleId] });
    viewer = await ts.loginReady('viewer', 'Library123');
    await ok('/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: demo, perms: { View: { granted: true } } }] });
  });

  it('needs Edit on the site, and a resource of another site is not found', async () => {
    const photo = await upload('mine.png', await png(30, 30));
    expect(await call('/cms/resource/image/save', { resourceId: photo.resourceId, rotate: 90 }, { token: viewer })).toEqual({ code: 403, msg: 'You may not do this on this site (Edit)' });
    expect(await call('/cms/resource/poster', { resourceId: photo.resourceId, second: 0 }, { token: viewer })).toMatchObject({ code: 403 });
    const notFound = { code: 500, msg: 'The record does not exist or is out of your reach' };
    expect(await call('/cms/resource/image/save', { resourceId: photo.resourceId, rotate: 90 }, { siteId: other })).toEqual(notFound);
    expect(await call('/cms/resource/image/preview', { resourceId: photo.resourceId, rotate: 90 }, { siteId: other })).toEqual(notFound);
    expect(await call('/cms/resource/poster', { resourceId: photo.resourceId, second: 0 }, { siteId: other })).toEqual(notFound);
    // another site's image as a watermark is refused like a missing one
    const theirs = await upload('theirs.png', await png(10, 10), other);
    expect((await call('/cms/resource/image/save', { resourceId: photo.resourceId, watermark: { type: 'image', imageId: theirs.resourceId, position: 'CENTER' } })).msg).toBe('Watermark image must be an image of this site\'s resource library');
    expect(await sizeOf(await stored(photo.src))).toEqual([30, 30]);
  });
});

describe('poster frame', () => {
  let video: { resourceId: number; name: string; src: string };
  beforeAll(async () => {
    video = await upload('clip.mp4', await mp4());
  });

  it('takes the frame at the chosen second as a library image linked to the video', async () => {
    const r = await ok('/cms/resource/poster', { resourceId: video.resourceId, second: 1.5 });
    expect(r.poster).toMatchObject({ resourceType: 'image', name: 'clip poster', width: 64, height: 48 });
    expect(r.video).toMatchObject({ resourceId: video.resourceId, posterId: r.poster.resourceId });
    expect(await colourAt(await stored(r.poster.src), 32, 24)).toBe('blue');
    const early = await ok('/cms/resource/poster', { resourceId: video.resourceId, second: 0.2 });
    expect(await colourAt(await stored(early.poster.src), 32, 24)).toBe('red');
    expect((await rowOf(video.resourceId)).posterId).toBe(early.poster.resourceId);
  });

  it('refuses a second past the end, a negative one and a file that is no video', async () => {
    expect((await call('/cms/resource/poster', { resourceId: video.resourceId, second: 5 })).msg).toBe('Second must be within the video, which lasts 2 seconds');
    expect((await call('/cms/resource/poster', { resourceId: video.resourceId, second: -1 })).msg).toBe('Second must be between 0 and 86400');
    const photo = await upload('still.png', await png(10, 10));
    expect((await call('/cms/resource/poster', { resourceId: photo.resourceId, second: 0 })).msg).toBe('Only a video has a poster frame');
  });

  it('stops a run past the time limit and says why a damaged video gives no frame', async () => {
    const { config } = ts.server.services;
    const slow = join(dataDir, 'slow-ffmpeg.sh');
    writeFileSync(slow, '#!/bin/sh\nsleep 20\n', { mode: 0o755 });
    Object.assign(config, { ffmpegPath: slow, ffmpegTimeoutMs: 300 });
    try {
      const started = Date.now();
      expect((await call('/cms/resource/poster', { resourceId: video.resourceId, second: 0 })).msg).toBe('Taking the poster frame took longer than 0.3 seconds and was stopped');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      Object.assign(config, { ffmpegPath: undefined, ffmpegTimeoutMs: undefined });
    }
    // An MP4's signature (its ftyp box) followed by noise: the upload takes it, ffmpeg finds no frame.
    const clip = await mp4();
    const cut = await upload('cut.mp4', Buffer.concat([clip.subarray(0, clip.readUInt32BE(0)), Buffer.alloc(4096, 0x41)]));
    expect((await call('/cms/resource/poster', { resourceId: cut.resourceId, second: 0 })).msg).toMatch(/^The poster frame could not be taken from this video: ./);
  });

  it('says so when ffmpeg is missing, and the server goes on', async () => {
    const configured = ts.server.services.config.ffmpegPath;
    ts.server.services.config.ffmpegPath = join(dataDir, 'no-such-ffmpeg');
    try {
      expect((await call('/cms/resource/poster', { resourceId: video.resourceId, second: 0 })).msg).toMatch(/^Poster frames need ffmpeg, which is not installed/);
    } finally {
      ts.server.services.config.ffmpegPath = configured;
    }
    expect((await ok('/cms/resource/poster', { resourceId: video.resourceId, second: 0 })).poster.resourceType).toBe('image');
  });
});
