// Test-only: real files of each kind, made here rather than shipped.
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A PNG of `width` × `height` in one colour (or a left/right split, to see where a mark lands). */
export const png = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
export const jpeg = (width: number, height: number, background = '#cc6633') =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A genuine, decodable PNG of `side` × `side` pixels (1-bit grey, all black) that is only a few KB:
 * a decompression bomb if anything expanded it to RGBA.
 */
export function bombPng(side = 10_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 + zero bits per row
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

export const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
export const HTML_AS_PNG = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
/** The start of a PDF: file-type knows it by its %PDF- signature. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** An empty ID3 tag and MPEG-1 layer III frames (a silent MP3 as far as any sniffer can tell). */
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
export const mp3 = (frames = 3) => Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), ...Array.from({ length: frames }, () => MP3_FRAME)]);
export const MP3 = mp3();

/** A silent 16-bit PCM WAV of `seconds` at `rate` Hz with `channels` channels (browsers play it). */
export function wav(seconds: number, rate = 8000, channels = 1): Buffer {
  const data = Math.round(seconds * rate) * channels * 2;
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(channels, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * channels * 2, 28);
  head.writeUInt16LE(channels * 2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data, 40);
  return Buffer.concat([head, Buffer.alloc(data)]);
}

const COLOURS = { red: [255, 0, 0], green: [0, 255, 0], blue: [0, 0, 255], white: [255, 255, 255] } as const;
type Colour = keyof typeof COLOURS;

/** A PNG whose quarters are red (top left), green (top right), blue (bottom left) and white. */
export async function quadrants(width: number, height: number): Promise<Buffer> {
  const [w, h] = [width / 2, height / 2];
  const quarter = (c: Colour) => sharp({ create: { width: w, height: h, channels: 3, background: { r: COLOURS[c][0], g: COLOURS[c][1], b: COLOURS[c][2] } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      { input: await quarter('red'), left: 0, top: 0 }, { input: await quarter('green'), left: w, top: 0 },
      { input: await quarter('blue'), left: 0, top: h }, { input: await quarter('white'), left: w, top: h },
    ]).png().toBuffer();
}

/** The name of the colour at (x, y) among the quarters' four, or its RGB when it is none of them. */
export async function colourAt(file: string | Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const rgb = [data[at], data[at + 1], data[at + 2]];
  const hit = (Object.keys(COLOURS) as Colour[]).find((c) => COLOURS[c].every((v, i) => Math.abs(v - rgb[i]!) < 8));
  return hit ?? `rgb(${rgb.join(',')})`;
}

let clip: Buffer<ArrayBuffer> | undefined;
/**
 * A real two-second MP4 (64 × 48, H.264), red for its first second and blue for its second, made
 * with the ffmpeg binary the poster frame uses (so a test needs nothing shipped).
 */
export async function mp4(): Promise<Buffer<ArrayBuffer>> {
  if (clip) return clip;
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { findFfmpeg } = await import('./poster.ts');
  const ffmpeg = await findFfmpeg(undefined);
  if (!ffmpeg) throw new Error('the ffmpeg binary of @ffmpeg-installer/ffmpeg is missing: npm ci');
  const dir = mkdtempSync(join(tmpdir(), 'castanea-mp4-'));
  try {
    const out = join(dir, 'clip.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=64x48:d=1:r=10', '-f', 'lavfi', '-i', 'color=c=blue:s=64x48:d=1:r=10',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', out]);
    return (clip = readFileSync(out) as Buffer<ArrayBuffer>);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
