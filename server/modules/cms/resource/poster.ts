import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { uploadLimitsOf, withDefaults } from '../../../../shared/cms/site-config.ts';
import { fail, FieldFailure } from '../../../core/errors.ts';
import { writeIn, type SiteOp } from '../../../core/operation.ts';
import { cmsResource } from './schema.ts';
import { fromFile, tempDir } from './receive.ts';
import { resources, siteOf, storageOfRow, uploadResource } from './operations.ts';

type ResourceRow = typeof cmsResource.$inferSelect;

/** How long one ffmpeg run may take before it is killed (a damaged file must not hold a worker); FFMPEG_TIMEOUT_MS changes it. */
export const FFMPEG_TIMEOUT_MS = 30_000;
/** Widest poster taken: a frame of a larger video is scaled down (and stays within the image pixel limit). */
const POSTER_MAX_WIDTH = 3840;

/**
 * The ffmpeg binary: FFMPEG_PATH, else the one the @ffmpeg-installer/ffmpeg package ships for this
 * platform; null when neither is there and runnable (the caller replies a clear message).
 */
export async function findFfmpeg(configured: string | undefined): Promise<string | null> {
  let path = configured;
  if (!path) {
    try {
      path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    } catch {
      // The package has no binary for this platform, or is not installed.
      return null;
    }
  }
  return access(path, constants.X_OK).then(() => path, () => null);
}

interface Run {
  code: number | null;
  stderr: string;
  timedOut: boolean;
}

/** Runs ffmpeg with `args` (never through a shell), killed after `timeout` ms. */
function runFfmpeg(binary: string, args: string[], timeout: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(binary, ['-hide_banner', '-nostdin', ...args], { timeout, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024 }, (err, _stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stderr: String(stderr), timedOut: !!e?.killed });
    });
  });
}

/** The video's length in seconds as ffmpeg reads it ("Duration: 00:01:02.50"), or null when it does not say. */
export function durationOf(stderr: string): number | null {
  const m = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

const failedRun = (run: Run, timeout: number) => run.timedOut
  ? fail('library.posterTimeout', { seconds: timeout / 1000 })
  : fail('library.posterFailed', { detail: run.stderr.trim().split('\n').pop()?.slice(0, 200) ?? '' });

/**
 * POST /cms/resource/poster: the frame of a video of the current site's library at `second`,
 * stored as an image of the same library (through the upload's own checks: the site's image
 * types, the watermark, the thumbnail) and linked to the video as its poster. A missing ffmpeg,
 * a second past the end, a damaged file or a run past the time limit is a message, never a crash.
 * The poster a video had before stays in the library (it may be used elsewhere).
 */
export async function takePoster(op: SiteOp, video: ResourceRow, second: number) {
  if (video.resourceType !== 'video') throw fail('library.notVideo');
  const binary = await findFfmpeg(op.services.config.ffmpegPath);
  if (!binary) throw fail('library.noFfmpeg');
  const timeout = op.services.config.ffmpegTimeoutMs ?? FFMPEG_TIMEOUT_MS;
  const site = await siteOf(op, video.siteId);
  const dir = tempDir(op.services.config.dataDir);
  await mkdir(dir, { recursive: true });
  const input = join(dir, `video-${randomUUID()}.${video.suffix}`);
  const values = withDefaults(site.configProps);
  const suffix = uploadLimitsOf(values, 'image').suffixes.includes('jpg') ? 'jpg' : 'png';
  const output = join(dir, `poster-${randomUUID()}.${suffix}`);
  try {
    await pipeline(await storageOfRow(site, video, op.services.config.dataDir).get(video.path), createWriteStream(input));
    // ffmpeg with an input and no output prints the input's facts and exits with an error: expected.
    const probe = await runFfmpeg(binary, ['-i', input], timeout);
    if (probe.timedOut) throw failedRun(probe, timeout);
    const duration = durationOf(probe.stderr);
    if (duration !== null && second >= duration) {
      throw new FieldFailure([{ field: 'second', key: 'beyondDuration', params: { duration: Math.floor(duration * 100) / 100 } }], 'imageEdit');
    }
    const run = await runFfmpeg(binary, [
      '-v', 'error', '-ss', String(second), '-i', input, '-frames:v', '1',
      '-vf', `scale='min(iw,${POSTER_MAX_WIDTH})':-2`, ...(suffix === 'jpg' ? ['-q:v', '3'] : []), '-y', output,
    ], timeout);
    if (run.code !== 0) throw failedRun(run, timeout);
    if (!(await access(output).then(() => true, () => false))) {
      // No frame at that second (a length the header did not state): as past the end.
      throw new FieldFailure([{ field: 'second', key: 'beyondDuration', params: { duration: duration ?? 0 } }], 'imageEdit');
    }
    const name = `${video.name.slice(0, 240)} poster`;
    const poster = await uploadResource(op, fromFile(output, `${name}.${suffix}`, { name, resourceType: 'image' }));
    const posterId = Number(poster.resourceId);
    await writeIn(op, async (w) => {
      await w.tx.update(cmsResource).set({ posterId, updateBy: w.actor.userName, updateTime: new Date() })
        .where(and(eq(cmsResource.resourceId, video.resourceId), eq(cmsResource.siteId, video.siteId)));
    }).catch(async (err: unknown) => {
      // The link failed: the new image goes too, so nothing half-done stays.
      await writeIn(op, (w) => resources.remove(w, [posterId])).catch(() => undefined);
      throw err;
    });
    return { poster, video: await resources.get(op, video.resourceId) };
  } finally {
    await rm(input, { force: true });
    await rm(output, { force: true });
  }
}
