import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ProgressBar } from 'primereact/progressbar';

/** The pieces every hand-written monitor screen is built from. */

/** Fetches on mount and again on demand; a failed call keeps the last data (the request layer shows the error). */
export function useLoaded<T>(fetch: () => Promise<T>): { data: T | null; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(() => {
    setLoading(true);
    fetch()
      .then(setData)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [fetch]);
  useEffect(reload, [reload]);
  return { data, loading, reload };
}

/** A percentage with its bar; red above 80. The bar is named after what it measures (`label`). */
export function Percent({ value, label }: { value: number; label: string }) {
  const v = Math.max(0, Math.min(100, Number(value) || 0));
  return (
    <div className="monitor-percent">
      <ProgressBar value={v} showValue={false} aria-label={label} className={v > 80 ? 'is-high' : undefined} />
      <span>{v.toFixed(2)}%</span>
    </div>
  );
}

export function Card({ title, testId, wide, children }: { title: ReactNode; testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'monitor-card monitor-card-wide' : 'monitor-card'} data-testid={testId}>
      <h2 className="monitor-card-title">{title}</h2>
      {children}
    </section>
  );
}

/** Label/value rows. */
export function Props({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <table className="monitor-props">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
