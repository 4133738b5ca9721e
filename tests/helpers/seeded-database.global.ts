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

/** A file of its own in the temporary folder for a dumped PGlite cluster. */
async function dumpToFile(database: Database, kind: string): Promise<string> {
  const file = join(tmpdir(), `castanea-${kind}-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
  return file;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Migrated only, on PGlite, in every run: the tests of the seed and of the app's assembly open
  // PGlite whatever DATABASE_URL says (without it each would run initdb and every migration).
  const database = await openDatabase({ dataDir: 'memory://' });
  const migrated = await dumpToFile(database, 'migrated');
  project.provide('pgliteMigratedSnapshotFile', migrated);
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    await database.close();
    const pg = (await import('pg')).default;
    const name = `castanea_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const template = await openDatabase({ databaseUrl: url.toString() });
    await seedThrough(template);
    await template.close();
    project.provide('pgTemplateDatabase', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(migrated, { force: true });
    };
  }
  await seedThrough(database);
  const seeded = await dumpToFile(database, 'seeded');
  await database.close();
  project.provide('pgliteSnapshotFile', seeded);
  return async () => { rmSync(seeded, { force: true }); rmSync(migrated, { force: true }); };
}
