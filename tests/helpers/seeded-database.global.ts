// Vitest global setup: migrates and seeds one database per run, which every test server then
// copies instead of building its own. A new PGlite runs initdb, 11 migrations and the seed (about
// 6 s on a loaded 2-core machine); loading the dumped cluster takes under 2 s. On PostgreSQL the
// seeded database is a template that `CREATE DATABASE … TEMPLATE` copies file by file.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer } from '../../server/app.ts';
import { dumpPglite, openDatabase, type Database } from '../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** file holding the seeded PGlite cluster (PGlite runs) */
    pgliteSnapshotFile: string;
    /** file holding a migrated but unseeded PGlite cluster (the seed's own tests start from it) */
    pgliteMigratedSnapshotFile: string;
    /** name of the seeded template database (PostgreSQL runs) */
    pgTemplateDatabase: string;
  }
}

/** Migrates and seeds `database` exactly as a server start does, then closes the server. */
async function seedThrough(database: Database): Promise<void> {
  const server = await createServer({ database, config: { captchaEnabled: false, logRequests: false, rateLimits: false, databaseUrl: undefined } });
  await server.close();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const pg = (await import('pg')).default;
    const name = `castanea_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await seedThrough(database);
    await database.close();
    project.provide('pgTemplateDatabase', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const dump = async (kind: string) => {
    const file = join(tmpdir(), `castanea-${kind}-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
    return file;
  };
  // Migrated only (every PGlite run needs it: the seed tests run on PGlite whatever DATABASE_URL says).
  const migrated = await dump('migrated');
  await seedThrough(database);
  const seeded = await dump('seeded');
  await database.close();
  project.provide('pgliteSnapshotFile', seeded);
  project.provide('pgliteMigratedSnapshotFile', migrated);
  return async () => { rmSync(seeded, { force: true }); rmSync(migrated, { force: true }); };
}
