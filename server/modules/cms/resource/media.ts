import type { Readable } from 'node:stream';
import { fail } from '../../../core/errors.ts';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { resourceForDownload } from './operations.ts';

/**
 * What an audio or video file says about itself, as the content editors' audio and video items
 * store it (spec §3 Audio, Video). Unknown facts are null: a file that declares nothing leaves the
 * editor's fields for the user to fill.
 */
export interface MediaFacts {
  format: string | null;
  /** seconds, rounded */
  duration: number | null;
  /** bits per second */
  bitRate: number | null;
  /** Hz */
  samplingRate: number | null;
  channels: number | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
}

const MIME: Record<string, string> = {
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', m4a: 'audio/mp4',
  mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime',
};
const whole = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : null);

/**
 * Reads a media file's header with music-metadata (pure JavaScript; no ffprobe on the server). An
 * MP3 without a Xing/VBRI header declares no duration, so audio is scanned to its end (at most the
 * audio size limit); video containers declare theirs, so only their headers are read.
 */
export async function readMediaFacts(stream: Readable, suffix: string, size: number): Promise<MediaFacts> {
  const kind = MIME[suffix]?.split('/')[0];
  // Loaded at the first media upload, not at the server's start.
  const { parseStream } = await import('music-metadata');
  const meta = await parseStream(stream, { mimeType: MIME[suffix], size }, { duration: kind === 'audio', skipCovers: true });
  const f = meta.format;
  const video = f.trackInfo.find((t) => t.video)?.video;
  const audio = f.trackInfo.find((t) => t.audio)?.audio;
  return {
    format: (f.codec ?? f.container ?? suffix).slice(0, 20),
    duration: whole(f.duration),
    bitRate: whole(f.bitrate),
    samplingRate: whole(f.sampleRate ?? audio?.samplingFrequency),
    channels: whole(f.numberOfChannels ?? audio?.channels),
    width: whole(video?.displayWidth ?? video?.pixelWidth),
    height: whole(video?.displayHeight ?? video?.pixelHeight),
    frameRate: whole(video?.frameRate),
  };
}

/** GET /cms/resource/media/:id: the facts of an audio or video of the current site's library. */
export async function mediaFactsOf(op: SiteOp, id: number): Promise<MediaFacts> {
  const { row, stream } = await resourceForDownload(op, id);
  if (row.resourceType !== 'audio' && row.resourceType !== 'video') {
    stream.destroy();
    throw fail('library.notMedia');
  }
  try {
    return await readMediaFacts(stream, row.suffix, row.fileSize);
  } catch {
    // A file the library accepted by its signature but whose header cannot be read: nothing known.
    return { format: row.suffix, duration: null, bitRate: null, samplingRate: null, channels: null, width: null, height: null, frameRate: null };
  } finally {
    stream.destroy();
  }
}
