import { defineConfig } from 'drizzle-kit';

// One migration history serves PGlite and PostgreSQL alike: both speak the same dialect.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/modules/**/schema.ts'],
  out: './server/db/migrations',
});
