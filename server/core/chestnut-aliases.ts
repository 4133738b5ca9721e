import type { ResourceDef } from '../../shared/resources/define.ts';
import { aliasRoute, type AnyRoute } from './route.ts';

/** A ChestnutCMS delete sends the rows (`[{ linkId: 1 }, …]`) where ours takes their ids. */
const idsOf = (def: ResourceDef) => (body: unknown) =>
  Array.isArray(body) ? body.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[def.id] : x)) : body;

/**
 * A resource's routes also under ChestnutCMS's paths for them (`POST {api}/add`, `/update`,
 * `/delete` with the rows or their ids): a client written for ChestnutCMS works unchanged. Only the
 * verbs the resource has.
 */
export function chestnutAliases(routes: readonly AnyRoute[], def: ResourceDef): AnyRoute[] {
  const has = (method: string) => routes.some((r) => r.method === method && r.url === def.api);
  return [
    ...(has('POST') ? [aliasRoute(routes, `POST ${def.api}`, `POST ${def.api}/add`)] : []),
    ...(has('PUT') ? [aliasRoute(routes, `PUT ${def.api}`, `POST ${def.api}/update`)] : []),
    ...(has('DELETE') ? [aliasRoute(routes, `DELETE ${def.api}`, `POST ${def.api}/delete`, idsOf(def))] : []),
  ];
}
