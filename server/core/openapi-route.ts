import { readFileSync } from 'node:fs';
import { defineRoute, RAW, registeredRoutes } from './route.ts';
import { buildOpenApi, OPENAPI_PATH, type JsonSchema } from './openapi.ts';
import { perServices, type Services } from './services.ts';
import { siteBase } from '../config.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';

/**
 * The server's document, built on its first request (every route is registered by then, the
 * public API's included) and kept: the routes do not change while the server runs.
 */
const documentOf = perServices((): { json?: string } => ({}));

export function openApiJson(services: Services): string {
  const cached = documentOf(services);
  cached.json ??= JSON.stringify(buildOpenApi({
    routes: registeredRoutes(services),
    version: VERSION,
    sitesOrigin: new URL(siteBase(services.config)).origin,
    t: services.i18n.translator('en'),
  }) satisfies JsonSchema);
  return cached.json;
}

/** GET /prod-api/openapi.json: the OpenAPI 3.1 document of the API (public, as the API's shape is no secret). */
export const openApiRoute = defineRoute({
  method: 'GET',
  url: OPENAPI_PATH,
  perm: 'public',
  produces: 'application/json',
  handler: ({ services, reply }) => {
    void reply.type('application/json; charset=utf-8').send(openApiJson(services));
    return RAW;
  },
});
