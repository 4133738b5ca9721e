import { formatDateTime } from '../../../shared/format.ts';
import { http, settledGet, type Envelope, type TablePage } from '../request.ts';
import { exportDownload } from '../download.ts';
import type { FieldErrors } from '../forms/validate.ts';
import { translate } from '../i18n/i18n.ts';
import { fieldLabelKeys, filterParamOf, isColumn, isFormField, isSearchField, type FieldDef, type ResourceDef } from '../../../shared/resources/define.ts';
import { shapeInitial } from '../../../shared/resources/variants.ts';
import type { PageState } from '../../components/widgets/pagination-rules.ts';

/**
 * The console side of a resource definition, free of UI code: list parameters, calls and form
 * values; the forms' validation is in validate-form.ts (it loads Zod, which a list does not need).
 * The generic screen (src/islands/resource) renders what this computes.
 */

export type Row = Record<string, unknown>;
/** Search form values: strings for eq/like filters, a [begin, end] pair for the range. */
export type Filters = Record<string, string | [Date | null, Date | null] | undefined>;
export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}

export const entries = (def: ResourceDef) => Object.entries(def.fields) as [string, FieldDef][];
export const filterFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.filter);
/** The filters the search form offers (those an extension sets are left out). */
export const searchFields = (def: ResourceDef) => entries(def).filter(([, f]) => isSearchField(f));
export const columnFields = (def: ResourceDef) => entries(def).filter(([, f]) => isColumn(f));
export const formFields = (def: ResourceDef, mode: 'create' | 'update') => entries(def).filter(([, f]) => isFormField(f, mode));
export const dictTypes = (def: ResourceDef) => [...new Set(entries(def).flatMap(([, f]) => (f.dict ? [f.dict] : [])))];
export const isSortable = (f: FieldDef) => typeof f.column === 'object' && !!f.column.sortable;

/** Text columns that name a row best: a name or a title, then any. */
const NAMING = /^(name|title)$|Name$/;

/**
 * What a row is called, for what speaks of it (a checkbox's "Select <name>"): its first non-empty
 * text column named like a name or title (postName, userName), else its first non-empty text
 * column, else its id.
 */
export function rowName(def: ResourceDef, row: Row): string {
  const texts = columnFields(def).filter(([, f]) => f.kind === 'text' && !f.dict && !f.options);
  const valued = texts.map(([name]) => [name, row[name]] as const).filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== '');
  const found = valued.find(([name]) => NAMING.test(name)) ?? valued[0];
  return String(found ? found[1] : (row[def.id] ?? ''));
}

/**
 * The label of a field, in `lng` (a render passes the language React renders in, useLocale: while a
 * page hydrates that is the prerender's, whatever the page has switched to) or the page's current one.
 */
export const labelOf = (name: string, f: FieldDef, lng?: string) => translate(fieldLabelKeys(name, f), undefined, lng);
/** The labels of the form's fields, by name (to find the field a server message names). */
export const formLabels = (def: ResourceDef, mode: 'create' | 'update') => Object.fromEntries(formFields(def, mode).map(([name, f]) => [name, labelOf(name, f)]));

/** Query of GET {api}/list (and the body of an export): paging, order, filters; blanks left out. */
export function listParams(def: ResourceDef, filters: Filters, page: PageState | null, sort?: Sort | null): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (page) {
    out.pageNum = page.page;
    out.pageSize = page.limit;
  }
  if (sort) {
    out.orderByColumn = sort.field;
    out.isAsc = sort.order === 'asc' ? 'ascending' : 'descending';
  }
  for (const [name, f] of filterFields(def)) {
    const value = filters[name];
    if (f.filter === 'range') {
      const [begin, end] = Array.isArray(value) ? value : [null, null];
      if (begin) out.beginTime = formatDateTime(begin);
      if (end) out.endTime = formatDateTime(end);
    } else if (typeof value === 'string' && value.trim() !== '') out[filterParamOf(name, f)] = value.trim();
  }
  return out;
}

/** The definition's own headers (a copy bound to a context, see `ResourceDef.headers`). */
const extra = (def: ResourceDef) => (def.headers ? { headers: { ...def.headers } } : undefined);

const pageOf = (res: Envelope<TablePage<Row>>) => ({ rows: res.data?.rows ?? [], total: Number(res.data?.total ?? 0) });

export async function fetchPage(def: ResourceDef, params: Record<string, unknown>): Promise<{ rows: Row[]; total: number }> {
  return pageOf(await http.get<TablePage<Row>>(`${def.api}/list`, params, extra(def)));
}

/** The page fetchPage would get, if the page's head script already has it (see settledGet); else null. */
export function settledPage(def: ResourceDef, params: Record<string, unknown>, take: boolean): { rows: Row[]; total: number } | null {
  const res = settledGet<TablePage<Row>>(`${def.api}/list`, params, def.headers, take);
  return res && pageOf(res);
}

export const fetchOne = async (def: ResourceDef, id: unknown) => (await http.get<Row>(`${def.api}/${String(id)}`, undefined, extra(def))).data ?? {};
export const saveRow = (def: ResourceDef, mode: 'create' | 'update', body: Row) => (mode === 'create' ? http.post(def.api, body, extra(def)) : http.put(def.api, body, extra(def)));
export const removeRows = (def: ResourceDef, ids: unknown[]) => http.delete(def.api, ids, extra(def));
/** POST {api}/list, form-encoded filters (and the screen's fixed ones), header cc-export: 1 → `<name>_<time>.xlsx`. */
export const exportRows = (def: ResourceDef, filters: Filters, fixed: Record<string, string> = {}) =>
  exportDownload(`${def.api}/list`, { ...listParams(def, filters, null), ...fixed }, `${def.name}_${Date.now()}.xlsx`);

/**
 * Form values to start from: declared initials when adding, the row's values when editing. An
 * empty date-time is null, not '' (which no date schema accepts).
 */
export function formInitial(def: ResourceDef, mode: 'create' | 'update', row: Row = {}): Row {
  const values: Row = {};
  for (const [name, f] of formFields(def, mode)) {
    const current = row[name];
    const blank = f.kind === 'datetime' ? null : '';
    // A variant field starts from the shape its discriminator (declared before it) picks.
    const initial = f.variants ? shapeInitial(f.variants, values[f.variants.by]) : (f.initial ?? blank);
    values[name] = mode === 'update' && current !== undefined && current !== null ? current : initial;
  }
  if (mode === 'update') values[def.id] = row[def.id];
  return values;
}

/**
 * A form field the user must fill in: its schema refuses both a missing value and the empty one
 * its input gives back when cleared ('' for text, null for a date, [] for several values). What
 * `.optional()`, `.default()` or a schema that takes '' leaves out is not required.
 */
export function isRequired(f: FieldDef): boolean {
  if (!f.input) return false;
  const empty = f.multiple ? [] : f.kind === 'datetime' ? null : '';
  return !f.input.safeParse(undefined).success && !f.input.safeParse(empty).success;
}

/** A form value as the user sees it: blanks alike, numbers as their text, dates as their time. */
function comparable(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDateTime(value);
  // The order of picked values (roles, chips) does not change what is picked.
  if (Array.isArray(value)) return value.map(comparable).map((v) => JSON.stringify(v)).sort();
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, comparable(v)] as const).filter(([, v]) => v !== '');
    return entries.sort(([a], [b]) => a.localeCompare(b));
  }
  return String(value);
}

/**
 * Whether a form's values differ from those it opened with, as the user would tell: a field
 * typed into and cleared again, or a number typed back to what it was, is no change.
 */
export function formChanged(initial: Row, values: Row): boolean {
  const names = new Set([...Object.keys(initial), ...Object.keys(values)]);
  for (const name of names) {
    if (JSON.stringify(comparable(initial[name])) !== JSON.stringify(comparable(values[name]))) return true;
  }
  return false;
}

/**
 * Errors left after `name` changed: its own and its sub-fields' (`config.port`), and those of the
 * variant fields whose shape it picks.
 */
export function errorsAfterChange(def: ResourceDef, errors: FieldErrors, name: string): FieldErrors {
  const touched = [name, ...entries(def).filter(([, f]) => f.variants?.by === name).map(([n]) => n)];
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !touched.some((t) => k === t || k.startsWith(`${t}.`))));
}

/** The ids of the selected rows. */
export const idsOf = (def: ResourceDef, rows: readonly Row[]) => rows.map((r) => r[def.id]);
