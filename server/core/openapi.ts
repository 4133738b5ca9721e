import { z } from 'zod';
import { noData, type RegisteredRoute } from './route.ts';
import { REPLY_CODES, ReplyCode } from './errors.ts';

/**
 * The OpenAPI 3.1 document of the console's API (/prod-api) and the readers' public API (/api on
 * the sites' origin), generated from what the server registered (core/route.ts `registeredRoutes`):
 * never written by hand. Each route's zod schemas become JSON Schema (zod's own `toJSONSchema`),
 * its reply the envelope `{code,msg,data}` with `data` as the route declares it; the permission key
 * and the current site ride as `x-permission` and `x-site-scoped`. docs/openapi.md.
 */

export type JsonSchema = Record<string, unknown>;

/** Where the document is served, below /prod-api. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * A zod schema as JSON Schema 2020-12, in the form the wire carries (what a client sends, what a
 * reply holds: `z.object` leaves other properties allowed, `z.strictObject` refuses them). The
 * tests' reply check compiles exactly this, so the document and the check cannot disagree.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Fastify's `:id` and trailing `*` as OpenAPI path templates. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

/** The path parameters of a Fastify url, in order (`*` is `path`). */
const pathParamsOf = (url: string) => [...[...url.matchAll(/:(\w+)/g)].map((m) => m[1]!), ...(url.endsWith('*') ? ['path'] : [])];

const REF = '#/components/schemas/';

/**
 * Places one converted schema in the document: its `$defs` (recursive or named parts) become
 * components, named after the operation unless zod gave them an id, and a self-reference (`#`)
 * makes the whole schema a component, since `#` in the document is the document itself.
 */
function place(json: JsonSchema, base: string, components: Record<string, JsonSchema>): JsonSchema {
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const unique = (name: string) => {
    let n = name.replace(/[^A-Za-z0-9._-]/g, '_');
    for (let i = 2; components[n]; i++) n = `${name}_${i}`;
    return n;
  };
  const names = new Map(Object.keys(defs).map((d) => [d, d.startsWith('__') ? unique(`${base}${d}`) : d.replace(/[^A-Za-z0-9._-]/g, '_')]));
  let rootName: string | undefined;
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(rewrite);
    if (!node || typeof node !== 'object') return;
    const o = node as JsonSchema;
    if (o.$ref === '#') o.$ref = REF + (rootName ??= unique(base));
    else if (typeof o.$ref === 'string' && o.$ref.startsWith('#/$defs/')) o.$ref = REF + names.get(o.$ref.slice(8))!;
    for (const v of Object.values(o)) rewrite(v);
  };
  rewrite(json);
  for (const [d, def] of Object.entries(defs)) {
    rewrite(def);
    components[names.get(d)!] = def;
  }
  if (!rootName) return json;
  components[rootName] = json;
  return { $ref: REF + rootName };
}

/** An operation id: the method and path as one identifier, unique in the document. */
function operationIdOf(route: RegisteredRoute, taken: Set<string>): string {
  const words = route.url.replace(/\*$/, '/path').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const base = [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}${i}`;
  taken.add(id);
  return id;
}

/** Tag: the public API, or the first segment below /prod-api (`system`, `cms`…; `session` for the top-level calls). */
function tagOf(route: RegisteredRoute): string {
  if (route.api === 'public') return 'public-api';
  const segments = route.url.split('/').filter(Boolean).slice(1);
  return segments.length > 1 ? segments[0]! : 'session';
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: string;
  explode?: boolean;
}

function parametersOf(route: RegisteredRoute, base: string, components: Record<string, JsonSchema>): (Parameter | { $ref: string })[] {
  const out: (Parameter | { $ref: string })[] = [];
  const params = route.params ? place(jsonSchemaOf(route.params), `${base}Params`, components) : {};
  const paramProps = (params.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParamsOf(route.url)) out.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  if (route.site && route.api === 'prod-api') out.push({ $ref: '#/components/parameters/CurrentSite' });
  if (route.query) {
    const query = place(jsonSchemaOf(route.query), `${base}Query`, components);
    const props = query.properties as Record<string, JsonSchema> | undefined;
    if (props) {
      const required = new Set((query.required ?? []) as string[]);
      for (const [name, schema] of Object.entries(props)) {
        const description = typeof schema.description === 'string' ? schema.description : undefined;
        out.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema });
      }
    } else {
      // Not a plain object (a union, a preprocessed shape): one parameter standing for all of them.
      out.push({ name: 'query', in: 'query', required: false, style: 'form', explode: true, schema: query });
    }
  }
  if (route.api === 'public' && !out.some((p) => 'name' in p && p.name === 'sid')) {
    out.push({ name: 'sid', in: 'query', required: false, description: 'the site (else `sid` or `siteId` in the body, else the host of a pipe with its own address)', schema: { type: 'integer' } });
  }
  return out;
}

/** The success envelope of a route: `data` as declared, absent for `noData`, anything when undeclared. */
function successOf(route: RegisteredRoute, base: string, components: Record<string, JsonSchema>): JsonSchema {
  const envelope: JsonSchema = { type: 'object', required: ['code', 'msg'], properties: { code: { const: ReplyCode.OK }, msg: { type: 'string' } } };
  if (route.reply === noData) return { ...envelope, additionalProperties: false };
  const data = route.reply ? place(jsonSchemaOf(route.reply), `${base}Data`, components) : { description: 'not declared yet' };
  const required = route.reply && !route.reply.safeParse(undefined).success ? ['code', 'msg', 'data'] : ['code', 'msg'];
  return { ...envelope, required, properties: { ...(envelope.properties as JsonSchema), data } };
}

function failureOf(codes: readonly number[]): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg'],
    properties: {
      code: { enum: codes.filter((c) => c !== ReplyCode.OK) },
      msg: { type: 'string', description: 'localized (Accept-Language)' },
      data: { type: 'object', properties: { field: { type: 'string', description: 'the form field the failure is about' } } },
    },
  };
}

function operationOf(route: RegisteredRoute, operationId: string, components: Record<string, JsonSchema>) {
  const success = successOf(route, operationId, components);
  const failure = failureOf(route.codes);
  const json = { schema: { oneOf: [success, failure] } };
  const content = !route.produces
    ? { 'application/json': json }
    : route.produces === 'application/json' || route.codes.length === 1 ? { [route.produces]: { schema: {} } } : { [route.produces]: { schema: {} }, 'application/json': { schema: failure } };
  const responses: Record<string, unknown> = { 200: { description: route.produces ? `${route.produces}, or a refusal in the envelope` : 'the envelope `{code,msg,data}`: HTTP 200 whatever its code', content } };
  if (route.api === 'public') responses['4XX'] = { description: 'a refusal, in the envelope (400 a field, 401 no member, 403, 404 no site, 413 too large, 429 throttled)', content: { 'application/json': { schema: failure } } };
  const op: Record<string, unknown> = {
    operationId,
    tags: [tagOf(route)],
    ...(route.summary ? { summary: route.summary } : {}),
    parameters: parametersOf(route, operationId, components),
    responses,
    security: securityOf(route),
    'x-permission': route.perm,
    'x-site-scoped': route.site,
    'x-reply-codes': route.codes,
  };
  if (route.multipart) op.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  else if (route.body) {
    const schema = place(jsonSchemaOf(route.body), `${operationId}Body`, components);
    op.requestBody = { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema } } };
  }
  return op;
}

function securityOf(route: RegisteredRoute): Record<string, string[]>[] {
  if (route.api === 'public') return route.member === 'required' ? [{ memberToken: [] }] : route.member === 'optional' ? [{}, { memberToken: [] }] : [];
  return route.perm === 'public' ? [] : [{ bearer: [] }];
}

export interface OpenApiOptions {
  routes: readonly RegisteredRoute[];
  version: string;
  /** the published sites' origin, where the public API answers */
  sitesOrigin: string;
  /** the server's English texts, for the messages of the reply codes */
  t?: (key: string, params?: Record<string, unknown>) => string;
}

/** The reply codes as a Markdown table: what each means and the message it carries. */
function codesTable(t: OpenApiOptions['t']) {
  const rows = Object.entries(REPLY_CODES).map(([code, c]) => `| ${code} | ${c.meaning} | ${c.message && t ? t(c.message, { perm: '<key>', seconds: '<n>' }) : ''} |`);
  return ['| code | meaning | message (en) |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The document: every registered route, by path and method. */
export function buildOpenApi(opts: OpenApiOptions): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const taken = new Set<string>();
  const sorted = [...opts.routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    const item = (paths[path] ??= route.api === 'public' ? { servers: [{ url: opts.sitesOrigin, description: 'the published sites origin' }] } : {});
    item[route.method.toLowerCase()] = operationOf(route, operationIdOf(route, taken), components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Castanea API',
      version: opts.version,
      description: [
        'The console API under `/prod-api` (ChestnutCMS-compatible) and the readers\' public API under `/api` on the sites origin, generated from the route declarations.',
        'Every reply is HTTP 200 with the envelope `{code, msg, data}` (the public API also sets an HTTP status on refusals). `x-permission` is the permission key a route checks (`public`: none, `login`: any signed-in user), `x-site-scoped` whether it works on the current site (`CurrentSite` header), `x-reply-codes` the codes it may answer:',
        codesTable(opts.t),
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'the console origin (the API under /prod-api)' }],
    tags: [
      { name: 'session', description: 'sign-in, sign-out and the signed-in user' },
      { name: 'public-api', description: 'the readers\' public API, on the published sites origin' },
    ],
    paths,
    components: {
      schemas: components,
      parameters: {
        CurrentSite: { name: 'CurrentSite', in: 'header', required: false, description: 'the current site\'s id (or header `cc-current-site`); without it, the first site the user may view', schema: { type: 'integer' } },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'the token `/prod-api/login` answers' },
        memberToken: { type: 'http', scheme: 'bearer', description: 'a reader\'s member token (`m_…`, from `/api/member/login`)' },
      },
    },
  };
}

/**
 * How many routes declare their reply, of how many: the ratchet's numbers (openapi.test.ts). A route
 * sending a file declares its reply by its media type (`produces`): the document says what it sends.
 */
export function declaredReplies(routes: readonly RegisteredRoute[]) {
  return { declared: routes.filter((r) => r.reply || r.produces).length, total: routes.length };
}
