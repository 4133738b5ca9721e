// Test-only: zips written byte by byte, so a test can declare sizes that lie, and zip bombs
// (a gigabyte of zeros in about a megabyte) built in milliseconds rather than by compressing a gigabyte.
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** the bytes as stored (deflated unless method is 0) */
  data: Buffer;
  method: 0 | 8;
  /** the uncompressed size the headers declare */
  size: number;
  crc?: number;
}

/** A deflated part whose headers tell the truth, unless `declaredSize` says otherwise. */
export const deflatedPart = (name: string, content: Buffer | string, declaredSize?: number): ZipPart => {
  const raw = Buffer.from(content);
  return { name, data: deflateRawSync(raw), method: 8, size: declaredSize ?? raw.length, crc: crc32(raw) };
};

/**
 * A deflate stream of `megabytes` MiB of zeros: one fully flushed block of 1 MiB (about 1 KiB,
 * byte-aligned and independent of what precedes it) repeated, then an empty final block.
 */
export function zeroBomb(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00])]);
}

/** A zip of these parts: local headers and data, then the central directory and its end record. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(p.crc ?? 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.method, 10);
    central.writeUInt32LE(p.crc ?? 0, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
