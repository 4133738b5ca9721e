// Test-only: a real S3-protocol server (s3rver) on 127.0.0.1, and a proxy in front of it that can
// cut chosen uploads off half-way, as a network failure would.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface TestS3 {
  /** the S3 server itself (also its public base: `${direct}/${bucket}`) */
  direct: string;
  /** the proxy the application talks to */
  endpoint: string;
  bucket: string;
  /** PUTs whose path matches this are cut off after part of their body */
  cut: RegExp | null;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'media'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'castanea-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await s3.run();
  const direct = `http://127.0.0.1:${port}`;
  const state: TestS3 = {
    direct, endpoint: '', bucket, cut: null,
    async keys() {
      const client = new S3Client({ endpoint: direct, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      await new Promise<void>((r) => proxy.close(() => r()));
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const proxy: Server = createServer((req, res) => {
    if (req.method === 'PUT' && state.cut?.test(req.url ?? '')) {
      // Take some of the body, then drop the connection: the upload fails half-way.
      req.once('data', () => req.socket.destroy());
      return;
    }
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  state.endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return state;
}
