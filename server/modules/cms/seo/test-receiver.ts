import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../db/client.ts';
import { dispatchPushes } from './dispatch.ts';

// Shared by the push and purge tests: a plain HTTP receiver started in the test, and the dispatcher run until nothing is due.

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
/** A plain HTTP receiver: records every request and answers with `status()`. */
export async function receiver(status: () => number = () => 200) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      res.statusCode = status();
      res.end(res.statusCode < 300 ? 'ok' : `failing, you sent ${req.headers['x-secret'] ?? ''}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { got, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Due jobs sent until none is left; retries wait 0 ms here; the receivers' loopback address is allowed unless `allowedHosts` says otherwise. */
export async function dispatchAll(db: Db, allowedHosts: readonly string[] = ['127.0.0.1']) {
  while ((await dispatchPushes(db, { backoffMs: 0, timeoutMs: 5000, allowedHosts })) > 0);
}
