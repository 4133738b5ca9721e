import { Fragment, type ReactNode } from 'react';
import type { ResourceExtensions } from '../types.ts';

/** Renders every part's piece side by side, in order. */
function all<A extends unknown[]>(pieces: ((...args: A) => ReactNode)[]): ((...args: A) => ReactNode) | undefined {
  if (!pieces.length) return undefined;
  return (...args) => pieces.map((piece, i) => <Fragment key={i}>{piece(...args)}</Fragment>);
}

const defined = <T,>(xs: (T | undefined)[]) => xs.filter((x): x is T => x !== undefined);
const merged = <T extends object>(xs: (T | undefined)[]) => (xs.some(Boolean) ? (Object.assign({}, ...defined(xs)) as T) : undefined);

/**
 * Several extensions as one screen's (e.g. a log's "clear" and the login log's "unlock"): toolbars,
 * row actions and headers side by side; renderers and fixed filters merged (a later part wins a
 * name both claim); form starts run in turn; a form field shows when every part lets it; the
 * first part's side panel, tree, edit page and delete question; every part's after-delete step.
 */
export function composeExtensions(...parts: ResourceExtensions[]): ResourceExtensions {
  const formInits = defined(parts.map((p) => p.formInit));
  const visibles = defined(parts.map((p) => p.formVisible));
  const afterRemoves = defined(parts.map((p) => p.afterRemove));
  const out: ResourceExtensions = {
    toolbar: all(defined(parts.map((p) => p.toolbar))),
    rowActions: all(defined(parts.map((p) => p.rowActions))),
    header: all(defined(parts.map((p) => p.header))),
    fields: merged(parts.map((p) => p.fields)),
    columns: merged(parts.map((p) => p.columns)),
    fixedFilters: merged(parts.map((p) => p.fixedFilters)),
    aside: parts.find((p) => p.aside)?.aside,
    tree: parts.find((p) => p.tree)?.tree,
    selectable: parts.some((p) => p.selectable) || undefined,
    formInit: formInits.length
      ? async (mode, values) => {
          let v = values;
          for (const init of formInits) v = await init(mode, v);
          return v;
        }
      : undefined,
    formVisible: visibles.length ? (name, values, mode) => visibles.every((f) => f(name, values, mode)) : undefined,
    edit: parts.find((p) => p.edit)?.edit,
    confirmRemove: parts.find((p) => p.confirmRemove)?.confirmRemove,
    afterRemove: afterRemoves.length ? (rows, api) => afterRemoves.forEach((f) => f(rows, api)) : undefined,
  };
  // Leave out what no part has, so the screen's `extensions.x ?` checks still read "none".
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ResourceExtensions;
}
