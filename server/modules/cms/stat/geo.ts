import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The country of an address, from the CC0 table of @ip-location-db/geo-whois-asn-country: no
 * network call, read lazily on the first lookup into sorted typed arrays (about 5 MB for IPv4's
 * 330,000 ranges and IPv6's 216,000 by their first 64 bits) and binary-searched. IPv6 ranges are
 * compared on their first 64 bits (the few table rows narrower than a /64 resolve to the last one
 * starting in that /64: statistics by country do not need more).
 */
interface Ranges {
  /** range starts and ends, ascending: IPv4 as one 32-bit number, IPv6's first 64 bits as hi/lo pairs */
  start: Uint32Array;
  end: Uint32Array;
  /** IPv6 only: the low halves */
  startLo?: Uint32Array;
  endLo?: Uint32Array;
  country: Uint16Array;
}

const folder = () => dirname(createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country/package.json'));

/** Countries as two letters packed in 16 bits. */
const pack = (cc: string) => (cc.charCodeAt(0) << 8) | cc.charCodeAt(1);
const unpack = (n: number) => String.fromCharCode(n >> 8, n & 0xff);

async function load(file: string, v6: boolean): Promise<Ranges> {
  const start: number[] = [], end: number[] = [], startLo: number[] = [], endLo: number[] = [], country: number[] = [];
  const lines = createInterface({ input: createReadStream(join(folder(), file)), crlfDelay: Infinity });
  for await (const line of lines) {
    const [a, b, cc] = line.split(',');
    if (!a || !b || !cc || cc.length !== 2) continue;
    if (v6) {
      const s = BigInt(a) >> 64n, e = BigInt(b) >> 64n;
      start.push(Number(s >> 32n)); startLo.push(Number(s & 0xffffffffn));
      end.push(Number(e >> 32n)); endLo.push(Number(e & 0xffffffffn));
    } else {
      start.push(Number(a)); end.push(Number(b));
    }
    country.push(pack(cc));
  }
  // The files are sorted by start already; the search relies on it.
  return {
    start: Uint32Array.from(start), end: Uint32Array.from(end), country: Uint16Array.from(country),
    ...(v6 ? { startLo: Uint32Array.from(startLo), endLo: Uint32Array.from(endLo) } : {}),
  };
}

let v4: Promise<Ranges> | null = null;
let v6: Promise<Ranges> | null = null;
let loaded: { v4?: Ranges; v6?: Ranges } = {};

/** Compares (hi, lo) with (bHi, bLo). */
const cmp = (hi: number, lo: number, bHi: number, bLo: number) => (hi !== bHi ? hi - bHi : lo - bLo);

/** The index of the last range starting at or before (hi, lo), or -1. */
function lastStartingBefore(r: Ranges, hi: number, lo: number): number {
  let a = 0, b = r.start.length - 1, found = -1;
  while (a <= b) {
    const m = (a + b) >>> 1;
    if (cmp(r.start[m]!, r.startLo ? r.startLo[m]! : 0, hi, lo) <= 0) {
      found = m;
      a = m + 1;
    } else b = m - 1;
  }
  return found;
}

function find(r: Ranges, hi: number, lo: number): string | null {
  const i = lastStartingBefore(r, hi, lo);
  if (i < 0 || cmp(hi, lo, r.end[i]!, r.endLo ? r.endLo[i]! : 0) > 0) return null;
  return unpack(r.country[i]!);
}

/** The first 64 bits of an IPv6 address as two 32-bit halves. */
function v6Head(address: string): [number, number] {
  let [head, tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const g = groups.map((x) => Number.parseInt(x || '0', 16) || 0);
  return [((g[0]! << 16) | g[1]!) >>> 0, ((g[2]! << 16) | g[3]!) >>> 0];
}

/** Starts reading the tables (the recorder calls it at start so the first reader does not wait). */
export function loadCountries(): Promise<void> {
  v4 ??= load('geo-whois-asn-country-ipv4-num.csv', false).then((r) => (loaded.v4 = r));
  v6 ??= load('geo-whois-asn-country-ipv6-num.csv', true).then((r) => (loaded.v6 = r));
  return Promise.all([v4, v6]).then(() => undefined);
}

/**
 * The two-letter country of an address, or null (unknown, private, or the tables not read yet: a
 * lookup never waits for them, it starts reading them).
 */
export function countryOf(address: string): string | null {
  const ip = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(ip)) {
    if (!loaded.v4) return void loadCountries().catch(() => undefined), null;
    const n = ip.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
    return find(loaded.v4, n, 0);
  }
  if (isIPv6(ip)) {
    if (!loaded.v6) return void loadCountries().catch(() => undefined), null;
    const [hi, lo] = v6Head(ip);
    return find(loaded.v6, hi, lo);
  }
  return null;
}

/** For tests: forget the tables. */
export function forgetCountries() {
  v4 = v6 = null;
  loaded = {};
}
