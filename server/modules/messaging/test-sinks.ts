// Test-only: local receivers the messaging platforms really send to — an SMTP server (smtp-server)
// and an HTTP server standing in for webhooks and chat robots. Both listen on 127.0.0.1 only.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** the Subject header, decoded */
  subject: string;
}

/** The Subject header, unfolded, with RFC 2047 encoded words (=?UTF-8?B|Q?…?=) decoded. */
export function decodeSubject(raw: string): string {
  const header = /^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'))
    .trim();
}

export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** A plain-text SMTP server that requires this user and password and keeps what it receives. */
export async function startSmtpSink(user = 'mailer', pass = 'S3cret!'): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, subject: decodeSubject(raw) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface ReceivedPost {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookSink {
  /** http://127.0.0.1:<port> */
  url: string;
  posts: ReceivedPost[];
  /** what the next requests get: status, JSON body and extra headers (a redirect's location) */
  reply: { status: number; body: unknown; headers?: Record<string, string> };
  close(): Promise<void>;
}

/** An HTTP server recording every request and answering with `reply`. */
export async function startWebhookSink(): Promise<WebhookSink> {
  const sink: Pick<WebhookSink, 'posts' | 'reply'> = { posts: [], reply: { status: 200, body: { errcode: 0, errmsg: 'ok' } } };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sink.posts.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(sink.reply.status, { 'content-type': 'application/json', ...sink.reply.headers }).end(JSON.stringify(sink.reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
