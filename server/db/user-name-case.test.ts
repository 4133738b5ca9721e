import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { pgliteExtensions } from './client.ts';

// Issue #8: user names become unique regardless of case. The migration that says so must also
// work on a database that already holds names differing only by case, and carry running retry
// locks over to sys_login_attempt.

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** The first migration of the case-insensitive user names. */
const CASE_MIGRATION = 6;

const work = mkdtempSync(join(tmpdir(), 'castanea-migrate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the migration history that stops before migration `upTo`. */
function historyBefore(upTo: number): string {
  const dir = join(work, `before-${upTo}`);
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < upTo);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration to case-insensitive user names', () => {
  it('renames newer accounts whose names differ only by case and keeps running locks', async () => {
    const client = new PGlite({ extensions: await pgliteExtensions() });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: historyBefore(CASE_MIGRATION) });
      const later = new Date(Date.now() + 600_000).toISOString();
      await client.exec(`
        insert into sys_user (user_id, user_name, nick_name, password) values
          (2000, 'Bob', 'first', 'x'), (2001, 'bob', 'second', 'x'), (2002, 'BOB', 'third', 'x'), (2003, 'carol', 'c', 'x');
        update sys_user set login_fail_count = 3, lock_end_time = '${later}' where user_name = 'carol';
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const users = await client.query<{ user_id: number; user_name: string }>('select user_id, user_name from sys_user order by user_id');
      expect(users.rows.map((u) => u.user_name)).toEqual(['Bob', 'bob_2001', 'BOB_2002', 'carol']);
      await expect(client.exec(`insert into sys_user (user_name, nick_name, password) values ('CAROL', 'x', 'x')`)).rejects.toThrow(/sys_user_user_name_lower_uq/);
      const attempts = await client.query<{ name_key: string; fail_count: number; lock_end_time: Date }>('select * from sys_login_attempt');
      expect(attempts.rows).toEqual([expect.objectContaining({ name_key: 'carol', fail_count: 3, lock_end_time: new Date(later) })]);
    } finally {
      await client.close();
    }
  });
});
