import { eq, sql } from 'drizzle-orm';
import { sysUser } from './schema.ts';

/**
 * The account behind a user name, whatever case it was typed in: names are unique regardless of
 * case (a unique index on lower(user_name)), so `ADMIN` signs in as `admin`.
 */
export const sameUserName = (userName: string) => eq(sql`lower(${sysUser.userName})`, sql`lower(${userName.trim()})`);
