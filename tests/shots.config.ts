import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run shots` (scripts/shots.ts): the screenshot walk, outside `npm test`. It reuses the browser
// tests' harness and their seeded database, and only takes pictures: nothing here is a check.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    globalSetup: ['./tests/helpers/seeded-database.global.ts'],
    include: ['tests/shots/**/*.shots.ts'],
    environment: 'node',
    // A walk of many screens in three languages at two widths.
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
