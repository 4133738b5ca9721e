import yauzl from 'yauzl';

/** A zip's entries and their text (UTF-8), for tests reading an archive the server sent. */
export async function zipTexts(zip: Buffer): Promise<Record<string, string>> {
  const z = await yauzl.fromBufferPromise(zip);
  const out: Record<string, string> = {};
  for await (const e of z.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await z.openReadStreamPromise(e)) chunks.push(c as Buffer);
    out[e.fileName] = Buffer.concat(chunks).toString('utf8');
  }
  return out;
}
