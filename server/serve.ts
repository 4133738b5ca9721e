// The server, as `npm start` and `npm run serve` run it (through main.ts).
import { createServer } from './app.ts';
import { configFromEnv, siteBase } from './config.ts';

const config = configFromEnv();
const server = await createServer({ config });
await server.app.listen({ port: config.port, host: config.host });
await server.sites.listen({ port: config.sitePort, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
console.log(`Castanea is running at http://localhost:${config.port}/admin/ (API /prod-api, database: ${where}); published sites at ${siteBase(config)}`);
if (server.seedResult.createdAdmin) {
  console.log('First start: sign in as admin / admin123 — you will be asked to change the password.');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
