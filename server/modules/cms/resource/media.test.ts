import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { cmsSite } from '../schema.ts';
import { mp3, png, wav } from './test-files.ts';

// The audio and video editors fill an item from its file: GET /cms/resource/media/:id.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-media-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let demo = 0;
const headers = () => ({ repeatsubmit: 'false', 'accept-language': 'en', CurrentSite: String(demo) });

async function upload(fileName: string, content: Buffer, resourceType: string): Promise<number> {
  const body = multipartBody('file', fileName, content, { fields: { resourceType } });
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload, headers: { ...body.headers, ...headers(), authorization: `Bearer ${ts.admin}` } });
  const reply = res.json() as { code: number; msg: string; data: { resourceId: number } };
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.resourceId;
}
const media = (id: number) => ts.api('GET', `/cms/resource/media/${id}`, { token: ts.admin, headers: headers() });

beforeAll(async () => {
  demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
});

describe('media facts of a library file', () => {
  it('reads an MP3\'s codec, bit rate, sampling rate, channels and its length from the frames', async () => {
    // 400 frames of MPEG-1 layer III at 128 kbit/s, 44.1 kHz, joint stereo: 400 × 1152 / 44100 s.
    const id = await upload('song.mp3', mp3(400), 'audio');
    const r = await media(id);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ format: 'MPEG 1 Layer 3', bitRate: 128000, samplingRate: 44100, channels: 2, duration: 10, width: null, frameRate: null });
  });

  it('reads a WAV\'s sampling rate, channels and duration', async () => {
    const id = await upload('voice.wav', wav(3, 8000, 1), 'audio');
    expect((await media(id)).data).toMatchObject({ samplingRate: 8000, channels: 1, duration: 3, bitRate: 128000 });
  });

  it('refuses an image, and another site\'s file is not found', async () => {
    const id = await upload('dot.png', await png(4, 4), 'image');
    expect(await media(id)).toMatchObject({ code: 500, msg: 'Only audio and video files have media details' });
    const other = (await ts.api('POST', '/cms/site', { token: ts.admin, body: { name: 'Other', path: 'othermedia' }, headers: headers() })).data as { siteId: number };
    const song = await upload('again.mp3', mp3(10), 'audio');
    const r = await ts.api('GET', `/cms/resource/media/${song}`, { token: ts.admin, headers: { ...headers(), CurrentSite: String(other.siteId) } });
    expect(r.code).toBe(500);
  });
});
