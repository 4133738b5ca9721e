import type { DbOrTx } from '../../db/client.ts';
import { clientInfo } from '../../core/client-info.ts';
import { sysLogininfor } from './schema.ts';

export interface LoginEvent {
  userName: string;
  ip: string;
  userAgent: string | undefined;
  /** dict SuccessOrFail: 0 success, 1 fail */
  status: '0' | '1';
  /** already translated (callers use zh-CN, so the log reads the same whoever signed in) */
  msg: string;
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
    msg: e.msg.slice(0, 255),
  });
}
