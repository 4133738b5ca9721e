import { inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import { fail } from './errors.ts';

/**
 * An uploaded .xlsx is a zip: 1 MB of it can unpack to 1 GB, and the spreadsheet library unpacks
 * and parses everything in memory. So before a file reaches it, its zip is read here: the central
 * directory must list few parts of bounded declared sizes, and each part is then inflated with
 * its declared size as a hard cap (a part whose data unpacks to more than its header claims is
 * refused as soon as it passes the claim). The worksheets' rows are counted on the way, so a
 * file with too many rows is refused before it is parsed.
 */

export interface XlsxLimits {
  /** parts (files) in the zip */
  maxEntries: number;
  /** unpacked bytes of all parts together */
  maxUnpackedBytes: number;
  /** rows of any one worksheet below its header row */
  maxRows: number;
}

const inflate = promisify(inflateRaw);

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ZIP64_MARK = 0xffffffff;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const notXlsx = () => fail('xlsx.notXlsx');
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The central directory's entries, read without unpacking anything. */
function centralDirectory(zip: Buffer, limits: XlsxLimits): Entry[] {
  // The end record sits in the last 22 bytes plus a comment of at most 64 KiB.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const count = zip.readUInt16LE(eocd + 10);
  if (count > limits.maxEntries) throw fail('xlsx.tooManyParts', { max: limits.maxEntries });
  const entries: Entry[] = [];
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw notXlsx();
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // A zip64 size means over 4 GiB: far beyond any limit here.
    if (entry.size === ZIP64_MARK || entry.compressedSize === ZIP64_MARK) throw fail('xlsx.unpackedTooLarge', { size: megabytes(limits.maxUnpackedBytes) });
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnpackedBytes) throw fail('xlsx.unpackedTooLarge', { size: megabytes(limits.maxUnpackedBytes) });
  return entries;
}

/** One part's bytes, never more than its header declares. */
async function unpack(zip: Buffer, e: Entry, limits: XlsxLimits): Promise<Buffer> {
  const at = e.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw notXlsx();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + e.compressedSize);
  if (data.length !== e.compressedSize) throw notXlsx();
  if (e.method === STORED) {
    if (e.compressedSize !== e.size) throw notXlsx();
    return data;
  }
  if (e.method !== DEFLATED) throw notXlsx();
  try {
    // The declared size is the cap: a part lying about it stops here, not after a gigabyte.
    const out = await inflate(data, { maxOutputLength: Math.max(1, e.size) });
    if (out.length !== e.size) throw notXlsx();
    return out;
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw fail('xlsx.unpackedTooLarge', { size: megabytes(limits.maxUnpackedBytes) });
    }
    throw notXlsx();
  }
}

/** `<row …>` or `<row/>`, with or without a namespace prefix. */
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g;

/**
 * Refuses an .xlsx that is not a zip, has too many parts, unpacks (as declared or in fact) beyond
 * the limit, or has a worksheet with more rows than allowed. Resolves when the file is safe to parse.
 */
export async function assertXlsxWithinLimits(zip: Buffer, limits: XlsxLimits): Promise<void> {
  const entries = centralDirectory(zip, limits);
  for (const e of entries) {
    const bytes = await unpack(zip, e, limits);
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(e.name)) continue;
    const rows = bytes.toString('utf8').match(ROW)?.length ?? 0;
    if (rows > limits.maxRows + 1) throw fail('xlsx.tooManyRows', { max: limits.maxRows });
  }
}
