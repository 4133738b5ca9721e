import { catalogTemplateProps } from '../../../shared/cms/pipe-props.ts';

/**
 * The catalog screen's form, free of UI code: which fields each tab holds (spec §3 Catalog), the
 * values a loaded catalog gives, what a save sends (only what changed), and the alias and folder
 * proposed while a new catalog's name is typed. Field rules and labels come from the one
 * definition, src/lib/resources/cms/catalog.ts.
 */

/** Basic: what the catalog is and how it shows. */
export const BASIC_FIELDS = ['name', 'alias', 'path', 'catalogType', 'redirectUrl', 'description', 'logo', 'staticFlag', 'visibleFlag', 'tagIgnore', 'seoTitle', 'seoKeywords', 'seoDescription'] as const;
/** Extend: how its pages are built and what it accepts. */
export const EXTEND_FIELDS = ['pageSize', 'contentIndex', 'contribute', 'hotWordGroup'] as const;
/** Y/N switches. */
export const FLAG_FIELDS: readonly string[] = ['staticFlag', 'visibleFlag', 'tagIgnore', 'contentIndex', 'contribute'];
/** A pipe's templates: the catalog's index page, its list pages, a detail page per content type. */
export const TEMPLATE_KEYS: readonly string[] = Object.keys(catalogTemplateProps.shape);

export type CatalogValues = Record<string, unknown>;
/** Templates by pipe code, then by key ('' = the site's default). */
export type PipeTemplates = Record<string, Record<string, string>>;

export interface CatalogForm {
  values: CatalogValues;
  templates: PipeTemplates;
}

type Detail = Record<string, unknown> & { publishPipeDatas?: { pipeCode: string; props: Record<string, unknown> }[] };

/** The form of a loaded catalog (GET /cms/catalog/{id}). */
export function formOf(detail: Detail): CatalogForm {
  const values: CatalogValues = { catalogId: detail.catalogId };
  for (const f of [...BASIC_FIELDS, ...EXTEND_FIELDS]) values[f] = detail[f] ?? (f === 'pageSize' ? -1 : '');
  const templates: PipeTemplates = {};
  for (const p of detail.publishPipeDatas ?? []) templates[p.pipeCode] = Object.fromEntries(TEMPLATE_KEYS.map((k) => [k, String(p.props[k] ?? '')]));
  return { values, templates };
}

/** A link catalog points elsewhere and needs its URL; a common one has none. */
export const showsField = (name: string, values: CatalogValues) => name !== 'redirectUrl' || values.catalogType === 'link';

/**
 * The body of PUT /cms/catalog: the id, the fields that changed, and the pipes whose templates
 * changed (unsent fields stay as they are). Null when nothing changed.
 */
export function saveBody(saved: CatalogForm, edited: CatalogForm): Record<string, unknown> | null {
  const body: Record<string, unknown> = { catalogId: edited.values.catalogId };
  for (const [k, v] of Object.entries(edited.values)) if (k !== 'catalogId' && v !== saved.values[k]) body[k] = v;
  // A common catalog keeps no redirect URL.
  if (edited.values.catalogType === 'common' && saved.values.redirectUrl) body.redirectUrl = '';
  const pipes = Object.entries(edited.templates)
    .filter(([code, props]) => TEMPLATE_KEYS.some((k) => props[k] !== saved.templates[code]?.[k]))
    .map(([pipeCode, props]) => ({ pipeCode, props }));
  if (pipes.length) body.publishPipeDatas = pipes;
  return Object.keys(body).length > 1 ? body : null;
}

/** A new catalog's alias and folder as the server proposes them (POST /cms/catalog/spelling). */
export interface NamesProposal {
  alias: string;
  path: string;
}

/** The proposal put into the fields the user has not typed in themselves (those stay as typed). */
export function withProposal(values: CatalogValues, typed: { alias?: boolean; path?: boolean }, proposal: NamesProposal): CatalogValues {
  return { ...values, ...(typed.alias ? {} : { alias: proposal.alias }), ...(typed.path ? {} : { path: proposal.path }) };
}

/**
 * Asks for a name's proposal once typing pauses (`delayMs` after the last change), and applies
 * only the answer to the latest question: a slow answer to an older name never overwrites a newer
 * one. An empty name empties the proposal at once, without asking.
 */
export function namesProposer(ask: (parentId: number, name: string) => Promise<NamesProposal>, apply: (proposal: NamesProposal) => void, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const cancel = () => {
    clearTimeout(timer);
    latest++;
  };
  return {
    request(parentId: number, name: string) {
      cancel();
      const ticket = latest;
      const wanted = name.trim();
      if (!wanted) return apply({ alias: '', path: '' });
      timer = setTimeout(() => {
        ask(parentId, wanted).then(
          (proposal) => {
            if (ticket === latest) apply(proposal);
          },
          // No proposal: the fields stay for the user to fill in.
          () => undefined,
        );
      }, delayMs);
    },
    cancel,
  };
}
