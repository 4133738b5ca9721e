import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { noData, registeredRoutes, type RegisteredRoute } from '../../server/core/route.ts';
import { jsonSchemaOf } from '../../server/core/openapi.ts';

/**
 * The contract cannot drift (issue 33): every test server checks each success reply of a route
 * that declares its `reply` against that schema — the same JSON Schema the OpenAPI document
 * publishes (core/openapi.ts `jsonSchemaOf`) — and the file fails, naming the route and what did
 * not match, when one differs. A reply whose route declares nothing costs a Map lookup; a declared
 * one a JSON.parse and a compiled validator, compiled once per worker and schema.
 */

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
/** One validator per schema for the worker's life: the routes' schemas are module-level, shared by every file's server. */
const validators = new WeakMap<z.ZodType, ValidateFunction>();

function validatorOf(schema: z.ZodType): ValidateFunction {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = ajv.compile(jsonSchemaOf(schema))));
  return v;
}

/** What is wrong with `data` as the reply of `route` (null when it matches). */
export function replyMismatch(route: Pick<RegisteredRoute, 'reply'>, data: unknown): string | null {
  if (!route.reply) return null;
  if (route.reply === noData) return data === undefined ? null : 'declares no data, answered some';
  const validate = validatorOf(route.reply);
  if (validate(data)) return null;
  return ajv.errorsText(validate.errors, { dataVar: 'data' });
}

export class ReplyCheck {
  /** Each reply that did not match: `METHOD /url: ajv's error` */
  readonly failures: string[] = [];
  private index?: Map<string, RegisteredRoute>;
  private services?: object;

  /** Adds the check to a Fastify instance before its routes (createServer's `instrument`). */
  readonly instrument = (instance: FastifyInstance) => {
    instance.addHook('onSend', async (req, reply, payload) => {
      this.check(req, reply, payload);
      return payload;
    });
  };

  /** The server whose registered routes the replies are checked against (set once it is built). */
  watch(services: object) {
    this.services = services;
    this.index = undefined;
  }

  private routeOf(req: FastifyRequest): RegisteredRoute | undefined {
    if (!this.services) return undefined;
    this.index ??= new Map(registeredRoutes(this.services).map((r) => [`${r.method} ${r.url}`, r]));
    return this.index.get(`${req.routeOptions.method} ${req.routeOptions.url}`);
  }

  private check(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (typeof payload !== 'string' || reply.statusCode !== 200) return;
    const route = this.routeOf(req);
    if (!route?.reply || route.produces) return;
    let body: { code?: unknown; data?: unknown };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return;
    }
    if (body?.code !== 200) return;
    const wrong = replyMismatch(route, body.data);
    if (wrong) this.failures.push(`${route.method} ${route.url}: ${wrong}`);
  }

  /** Throws, listing them, when a reply did not match its route's declared schema. */
  assertClean() {
    if (!this.failures.length) return;
    const list = [...new Set(this.failures)];
    this.failures.length = 0;
    throw new Error(`Replies that do not match their route's declared reply (server/core/openapi.ts, docs/openapi.md):\n${list.join('\n')}`);
  }
}
