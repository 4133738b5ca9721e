import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { useTestServer } from '../../tests/helpers/server.ts';
import { fileRoute, registeredRoutes } from './route.ts';
import { declaredReplies, openApiPath } from './openapi.ts';
import { openApiJson } from './openapi-route.ts';

/**
 * The ratchet: how many routes declare the shape of their reply's `data` (RouteSpec.reply). It may
 * only go up: a change that leaves a route's reply undeclared where it was declared fails here.
 * When you declare more, raise it to the new count the failure message prints. (Issue 33: 557 of
 * the 675 registered routes at first; every one of the 689 since, a route sending a file counting by
 * its `produces`.)
 */
const DECLARED_REPLIES_FLOOR = 689;

type Operation = Record<string, unknown> & { parameters?: { name?: string; in?: string; $ref?: string }[]; security?: unknown[] };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation> & { servers?: { url: string }[] }> };

/** Fastify's own account of every route mounted, by instance (its onRoute hook, added before any). */
const mounted: { which: 'app' | 'sites'; method: string; url: string }[] = [];
const listRoutes = (instance: FastifyInstance, which: 'app' | 'sites') => {
  instance.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) mounted.push({ which, method, url: r.url ?? '' });
  });
};

const ts = useTestServer({ instrument: listRoutes });

async function fetchDoc(): Promise<Doc> {
  const res = await ts.server.app.inject({ method: 'GET', url: '/prod-api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.json() as Doc;
}

describe('the OpenAPI document (GET /prod-api/openapi.json)', () => {
  it('is served without a session and validates as OpenAPI 3.1', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: a copy keeps `doc` as served.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('lists every route Fastify mounted under /prod-api, and the public API on the sites origin', async () => {
    const doc = await fetchDoc();
    const wanted = mounted.filter((r) => ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method)
      && (r.which === 'app' ? r.url.startsWith('/prod-api/') : r.url.startsWith('/api/')));
    expect(wanted.length).toBeGreaterThan(500);
    const missing = wanted.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // …and nothing it does not serve.
    const listed = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).filter((k) => k !== 'servers').map((m) => `${m.toUpperCase()} ${path}`));
    const served = new Set(wanted.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(listed.filter((op) => !served.has(op))).toEqual([]);
  });

  it('gives each route its permission, site scope, parameters, auth and reply codes', async () => {
    const { paths } = await fetchDoc();
    const users = paths['/prod-api/system/user/list']!.get!;
    expect(users['x-permission']).toBe('system:user:view');
    expect(users['x-site-scoped']).toBe(false);
    expect(users.security).toEqual([{ bearer: [] }]);
    expect(users.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['pageNum', 'pageSize']));
    expect(users['x-reply-codes']).toEqual([200, 401, 403, 428, 500]);

    const content = paths['/prod-api/cms/content/{contentId}']!.get!;
    expect(content['x-site-scoped']).toBe(true);
    expect(content.parameters).toContainEqual({ $ref: '#/components/parameters/CurrentSite' });

    const login = paths['/prod-api/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login['x-permission']).toBe('public');
    expect(login['x-reply-codes']).toContain(429);
    expect(login.requestBody).toMatchObject({ content: { 'application/json': { schema: { properties: { username: {}, password: {} } } } } });

    const byId = paths['/prod-api/system/user/{id}']!.get!;
    expect(byId.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));

    // The readers' API: its own tag and origin, a member's token where one is needed.
    const memberInfo = paths['/api/member/info']!;
    expect(memberInfo.servers![0]!.url).toMatch(/^http/);
    expect(memberInfo.get!.tags).toEqual(['public-api']);
    expect(memberInfo.get!.security).toEqual([{ memberToken: [] }]);
  });

  it('publishes a declared reply inside the envelope, and is built once', async () => {
    const { paths } = await fetchDoc();
    const page = paths['/prod-api/system/post/list']!.get! as { responses: { 200: { content: { 'application/json': { schema: { oneOf: { properties: { data?: { properties?: Record<string, unknown> } } }[] } } } } } };
    const [success] = page.responses[200].content['application/json'].schema.oneOf;
    expect(Object.keys(success!.properties.data!.properties!)).toEqual(['rows', 'total']);
    expect(openApiJson(ts.server.services)).toBe(openApiJson(ts.server.services));
  });

  it('does not let the number of routes with a declared reply go down (the ratchet)', () => {
    // A route sending a file declares its reply by its media type; one declaring neither is not counted.
    const file = fileRoute('prod-api', '/prod-api/x/file', 'application/zip', 'a zip');
    expect(declaredReplies([file, { ...file, url: '/prod-api/x/json', produces: undefined }])).toEqual({ declared: 1, total: 2 });
    const { declared, total } = declaredReplies(registeredRoutes(ts.server.services));
    expect(declared, `${declared} of ${total} routes declare their reply: raise DECLARED_REPLIES_FLOOR to ${declared}`).toBeGreaterThanOrEqual(DECLARED_REPLIES_FLOOR);
  });
});
