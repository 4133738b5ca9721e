/**
 * Why a message did not go out, as a server message key (`messaging.error.*`) and its parameters,
 * so the administrator reads it in their language with the platform's own words inside.
 */
export class SendFailure extends Error {
  readonly key: string;
  readonly params: Record<string, unknown>;
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(`${key} ${JSON.stringify(params)}`);
    this.key = key;
    this.params = params;
  }
}

type ErrorLike = { code?: unknown; name?: unknown; message?: unknown; response?: unknown; cause?: unknown };

/** `err` and its causes, innermost last (fetch wraps the socket's error in `cause`); at most 5 deep. */
function* chain(err: unknown): Generator<ErrorLike> {
  for (let e = err as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as ErrorLike | undefined, depth++) yield e;
}

/** The error codes of `err` and its causes. */
function codesOf(err: unknown): string[] {
  const out: string[] = [];
  for (const e of chain(err)) {
    if (typeof e.code === 'string') out.push(e.code);
    if (typeof e.name === 'string') out.push(e.name);
    const m = /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b/.exec(String(e.message ?? ''));
    if (m) out.push(m[1]!);
  }
  return out;
}

/** One line, at most `max` characters: platform replies and socket errors can be long. */
const clip = (text: string, max = 300) => {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

/** The innermost message: fetch says only "fetch failed" and keeps the reason in `cause`. */
function innermostMessage(err: unknown): string {
  let text = String((err as ErrorLike | undefined)?.message ?? err);
  for (const e of chain(err)) if (typeof e.message === 'string' && e.message) text = e.message;
  return text;
}

/** Turns what a send threw into a failure the administrator can act on. */
export function describeFailure(err: unknown, target: string, timeoutMs: number): SendFailure {
  if (err instanceof SendFailure) return err;
  const e = (err ?? {}) as ErrorLike;
  const detail = clip(String(e.response ?? innermostMessage(err)));
  const codes = codesOf(err);
  const has = (...c: string[]) => c.some((x) => codes.includes(x));
  if (has('ECONNREFUSED')) return new SendFailure('messaging.error.refused', { target });
  if (has('TimeoutError', 'AbortError', 'ETIMEDOUT')) return new SendFailure('messaging.error.timeout', { target, seconds: Math.round(timeoutMs / 1000) });
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EDNS')) return new SendFailure('messaging.error.unknownHost', { target });
  if (has('EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET')) return new SendFailure('messaging.error.unreachable', { target, detail });
  if (has('EAUTH', 'ENOAUTH')) return new SendFailure('messaging.error.auth', { detail });
  // nodemailer reports a TLS failure as a plain socket error: OpenSSL's text tells it apart.
  if (has('ETLS') || codes.some((c) => /CERT|SSL|ERR_TLS/.test(c)) || /SSL routines|certificate|STARTTLS/i.test(detail)) return new SendFailure('messaging.error.tls', { detail });
  if (has('EENVELOPE')) return new SendFailure('messaging.error.rejected', { detail });
  return new SendFailure('messaging.error.other', { detail });
}

export { clip };
