import type { DbOrTx } from '../../db/client.ts';
import type { Translate } from '../../core/i18n.ts';
import { clientInfo } from '../../core/client-info.ts';
import { sysLogininfor } from './schema.ts';

/** A login-log message: a server message key and its parameters. */
export interface LoginMessage {
  key: string;
  params?: Record<string, unknown>;
}

export interface LoginEvent {
  userName: string;
  ip: string;
  userAgent: string | undefined;
  /** dict SuccessOrFail: 0 success, 1 fail */
  status: '0' | '1';
  message: LoginMessage;
  /** the message in zh-CN, kept beside the key for readers of the table (and rows whose key is gone) */
  text: string;
}

/** One row of the login log: every sign-in attempt, registration and sign-out. */
export async function recordLogin(db: DbOrTx, e: LoginEvent): Promise<void> {
  const { browser, os } = clientInfo(e.userAgent);
  await db.insert(sysLogininfor).values({
    userName: e.userName.slice(0, 50),
    ipaddr: e.ip.slice(0, 128),
    browser,
    os,
    status: e.status,
    msg: e.text.slice(0, 255),
    msgKey: e.message.key,
    msgParams: e.message.params ?? null,
  });
}

type Row = Record<string, unknown>;

/**
 * A login-log row as a reader sees it: the message in the reader's language (list, detail and
 * export alike). Rows written before messages were kept as keys show their stored text.
 */
export function presentLoginLog({ msgKey, msgParams, ...row }: Row, t: Translate): Row {
  return typeof msgKey === 'string' && msgKey ? { ...row, msg: t(msgKey, (msgParams ?? undefined) as Record<string, unknown> | undefined) } : row;
}
