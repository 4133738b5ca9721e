import type { ReactNode } from 'react';
import type { ResourceDef } from '../../lib/resources/define.ts';
import type { Row } from '../../lib/resources/client.ts';

/** What an extension can do with the screen it plugs into. */
export interface ScreenApi {
  def: ResourceDef;
  selection: Row[];
  reload(): void;
}

export interface FieldRendererProps {
  name: string;
  value: unknown;
  onChange(value: unknown): void;
  invalid: boolean;
  mode: 'create' | 'update';
  id: string;
}

/**
 * Where a screen departs from the generic one, without forking it: extra toolbar buttons, extra
 * row actions, and custom renderers for form fields or table cells, by field name.
 */
export interface ResourceExtensions {
  toolbar?(api: ScreenApi): ReactNode;
  rowActions?(row: Row, api: ScreenApi): ReactNode;
  fields?: Record<string, (p: FieldRendererProps) => ReactNode>;
  columns?: Record<string, (row: Row) => ReactNode>;
}

/** A screen: its definition and, optionally, its extensions. */
export interface ScreenSpec {
  def: ResourceDef;
  extensions?: ResourceExtensions;
}
