import type { ReactNode } from 'react';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import type { Filters, Row } from '../../lib/resources/client.ts';

/** What an extension can do with the screen it plugs into. */
export interface ScreenApi {
  def: ResourceDef;
  selection: Row[];
  reload(): void;
  /** opens the add dialog with these values over the defaults (e.g. a parent id) */
  create(initial?: Row): void;
}

/**
 * What a screen's own field input gets. Its input (the one with `id`) takes the form row's ARIA
 * attributes, invalid, required and described by the row's error and hint: the shared widgets do it
 * themselves, a PrimeReact input spreads `useFieldAria(id, …)` (components/form/field-aria.ts).
 */
export interface FieldRendererProps {
  name: string;
  value: unknown;
  onChange(value: unknown): void;
  invalid: boolean;
  mode: 'create' | 'update';
  id: string;
  /** all values of the form, for renderers that depend on other fields */
  values: Row;
  /** the field must be filled in: the renderer's input carries aria-required (the label has its asterisk) */
  required: boolean;
}

/** What a left-side panel can do: add filters of its own to the search form's. */
export interface AsideApi {
  filter(extra: Filters): void;
}

/**
 * Where a screen departs from the generic one, without forking it: extra toolbar buttons, extra
 * row actions, and custom renderers for form fields or table cells, by field name.
 */
export interface ResourceExtensions {
  toolbar?(api: ScreenApi): ReactNode;
  rowActions?(row: Row, api: ScreenApi): ReactNode;
  fields?: Record<string, (p: FieldRendererProps) => ReactNode>;
  columns?: Record<string, (row: Row, api: ScreenApi) => ReactNode>;
  /** a panel left of the list (e.g. a department tree) whose choice filters it */
  aside?(api: AsideApi): ReactNode;
  /** completes the form's starting values (e.g. ids of granted roles) when the dialog opens */
  formInit?(mode: 'create' | 'update', values: Row): Promise<Row>;
  /** whether a form field shows, given the other values (e.g. fields by menu type) */
  formVisible?(name: string, values: Row, mode: 'create' | 'update'): boolean;
  /** a tree screen: all rows in a tree table, nested by this parent-id field, without paging or selection */
  tree?: { parent: string };
  /** above the search form (e.g. a switcher of the context the screen is fixed to) */
  header?(api: ScreenApi): ReactNode;
  /**
   * filters the screen is fixed to by its context (e.g. the dictionary type of a route parameter):
   * always sent with the list and the export, and left out of the search form
   */
  fixedFilters?: Record<string, string>;
  /**
   * the notice after a delete when the server kept some of the rows (e.g. tasks still running);
   * undefined means all went and the generic "deleted" shows
   */
  removed?(data: unknown, asked: number): string | undefined;
  /** rows can be ticked for the extension's toolbar even by someone without edit or delete rights */
  selectable?: boolean;
  /** replaces the edit dialog (e.g. a page of tabs for the row): the Edit buttons call this */
  edit?(row: Row, api: ScreenApi): void;
  /** the question before a delete, instead of the generic one (e.g. naming the rows and what goes with them) */
  confirmRemove?(rows: Row[]): string;
  /** after a delete the server accepted (e.g. forget a current site that is gone) */
  afterRemove?(rows: Row[], api: ScreenApi): void;
}

/** A screen: its definition and, optionally, its extensions. */
export interface ScreenSpec {
  def: ResourceDef;
  extensions?: ResourceExtensions;
}
