// A fresh PostgreSQL database for a bench run (DATABASE_URL names the server), dropped after.
import { randomBytes } from 'node:crypto';

/** A new database on DATABASE_URL's server (named after the bench), or null without DATABASE_URL. */
export async function freshPostgres(bench = 'publish'): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return null;
  const pg = (await import('pg')).default;
  const name = `castanea_bench_${bench}_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}
