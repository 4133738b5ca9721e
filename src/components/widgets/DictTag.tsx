import './widgets.css';
import { useEffect } from 'react';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { Tag } from './light-prime.tsx';
import { $dicts, loadDict, type DictOption } from '../../stores/dicts.ts';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary' | null;
/** listClass of the dictionary → Tag severity; 'primary' is the Tag's own colour. */
export const TAG_SEVERITY: Record<string, Severity> = { primary: null, success: 'success', info: 'info', warning: 'warning', danger: 'danger' };

/** The options of a dictionary, loading it on first use (cached store, one request per type). */
export function useDict(type: string | undefined): DictOption[] | undefined {
  // Hydration draws without the dictionaries, as the prerender did.
  const all = useHydratedStore($dicts);
  useEffect(() => {
    if (type) void loadDict(type).catch(() => undefined);
  }, [type]);
  return type ? all[type] : undefined;
}

/**
 * A value shown through its dictionary (spec §2 dictionary tag): a Tag coloured by listClass with
 * the row's cssClass; plain text when the value has no listClass (or 'default'), like the original.
 * Several values may come comma-separated.
 */
export function DictTag({ options, value }: { options: readonly DictOption[] | undefined; value: unknown }) {
  const values = value === null || value === undefined || value === '' ? [] : String(value).split(',');
  return (
    <span className="dict-tag">
      {values.map((v) => {
        const o = options?.find((x) => x.value === v);
        if (!o) return <span key={v}>{v}</span>;
        if (!o.listClass || o.listClass === 'default') return <span key={v} className={o.cssClass}>{o.label}</span>;
        return <Tag key={v} value={o.label} severity={TAG_SEVERITY[o.listClass] ?? null} className={o.cssClass} />;
      })}
    </span>
  );
}

/** DictTag for a dictionary type, loading it as needed. */
export function DictValue({ type, value }: { type: string; value: unknown }) {
  return <DictTag options={useDict(type)} value={value} />;
}
