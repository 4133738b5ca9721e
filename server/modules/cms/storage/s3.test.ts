import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { cmsResource } from '../schema.ts';
import { png } from '../resource/test-files.ts';
import { startTestS3, type TestS3 } from './test-s3.ts';

// Issue 9 §4: a site switched to an S3-protocol bucket, against a real S3 server (s3rver).
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-s3app-'));
const ts = useTestServer({ config: { dataDir } });
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const H = { repeatsubmit: 'false', 'accept-language': 'en' };

async function upload(fileName: string, content: Buffer) {
  const body = multipartBody('file', fileName, content);
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload, headers: { ...body.headers, ...H, authorization: `Bearer ${ts.admin}` } });
  return res.json();
}
async function ok(method: string, path: string, body?: unknown) {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: H });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const pixels = async (image: Buffer) => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
};

describe('S3-compatible storage', () => {
  let mark: { resourceId: number; src: string };

  it('switches the site to the bucket from Settings; the secret key is never read back', async () => {
    mark = (await upload('mark.png', await png(100, 100, '#ff0000'))).data;
    expect(mark.src).toMatch(/^\/demo\/resources\/image\//);
    await ok('POST', '/cms/setting/storage', {
      FileStorageType: 'MinIO', StorageEndpoint: s3.endpoint, StorageRegion: '', StorageBucket: s3.bucket,
      StorageAccessKey: 'S3RVER', StorageSecretKey: 'S3RVER', StoragePathStyle: 'Y', StorageDomain: `${s3.direct}/${s3.bucket}/`,
      ThumbnailWidth: '120', ThumbnailHeight: '90',
    });
    await ok('POST', '/cms/setting/watermark', { ImageWatermark: 'Y', WatermarkImage: String(mark.resourceId), WatermarkPosition: 'BOTTOM_RIGHT', WatermarkRatio: '30' });
    const storage = await ok('GET', '/cms/setting/storage');
    expect(storage).toMatchObject({ FileStorageType: 'MinIO', StorageSecretKey: '', hasStorageSecretKey: true });
    // saving again without the secret keeps it (the bucket is reached with it)
    await ok('POST', '/cms/setting/storage', { FileStorageType: 'MinIO', StorageSecretKey: '' });
  });

  it('puts an upload, watermarked, and its thumbnail in the bucket; its URL serves it', async () => {
    const r = await upload('photo.png', await png(400, 300, '#0000ff'));
    expect(r.code, r.msg).toBe(200);
    const row = r.data;
    expect(row).toMatchObject({ storageType: 'MinIO', width: 400, height: 300 });
    expect(row.src).toBe(`${s3.direct}/${s3.bucket}/${row.path}`);
    expect(row.thumbSrc).toBe(`${s3.direct}/${s3.bucket}/${row.thumbnail}`);
    expect(await s3.keys()).toEqual([row.path, row.thumbnail].sort());
    const served = await fetch(row.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const at = await pixels(Buffer.from(await served.arrayBuffer()));
    // 30% of 400 × 300 is 120 × 90: the 100 × 100 mark becomes 90 × 90 in the bottom-right corner.
    expect(at(395, 295)).toEqual([255, 0, 0]);
    expect(at(315, 215)).toEqual([255, 0, 0]);
    expect(at(305, 295)).toEqual([0, 0, 255]);
    expect(at(5, 5)).toEqual([0, 0, 255]);
    const thumb = await sharp(Buffer.from(await (await fetch(row.thumbSrc)).arrayBuffer())).metadata();
    expect([thumb.width, thumb.height]).toEqual([120, 90]);
    // the console's download streams it from the bucket
    const dl = await ts.server.app.inject({ method: 'GET', url: `/prod-api/cms/resource/download/${row.resourceId}`, headers: { ...H, authorization: `Bearer ${ts.admin}` } });
    expect(dl.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''photo.png`);
    expect((await sharp(dl.rawPayload).metadata()).width).toBe(400);
    // the earlier Local upload is still served from the sites port
    expect((await ts.server.sites.inject({ method: 'GET', url: mark.src })).statusCode).toBe(200);
  });

  it('leaves no object and no row when the thumbnail\'s put fails half-way', async () => {
    const [keys, rows] = [await s3.keys(), (await ts.database.db.select().from(cmsResource)).length];
    s3.cut = /_120x90\.png/;
    try {
      const r = await upload('second.png', await png(300, 300, '#00ff00'));
      expect(r.code).toBe(500);
      expect(r.msg).toMatch(/^The file could not be stored \(MinIO\): /);
    } finally {
      s3.cut = null;
    }
    expect(await s3.keys()).toEqual(keys);
    expect((await ts.database.db.select().from(cmsResource)).length).toBe(rows);
    expect((await ok('GET', '/cms/resource/list?name=second')).total).toBe(0);
  });

  it('deleting removes the object and its thumbnail from the bucket', async () => {
    const [row] = (await ok('GET', '/cms/resource/list?name=photo')).rows;
    await ok('DELETE', '/cms/resource', [row.resourceId]);
    expect(await s3.keys()).toEqual([]);
    expect((await fetch(row.src)).status).toBe(404);
  });
});
