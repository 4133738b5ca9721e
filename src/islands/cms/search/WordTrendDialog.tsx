import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

interface Day {
  day: string;
  searches: number;
}

const w = (key: string, params?: Record<string, unknown>) => translate(`screens:searchWord.${key}`, params);
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Searches of one word per day over a date range (GET /search/word/trend; 30 days to today by
 * default, a year at most), as a line chart; the same figures as a table for screen readers and
 * keyboards (the canvas is an image named by its total).
 */
export function WordTrendDialog({ wordId, word, onClose }: { wordId: number; word: string; onClose(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [range, setRange] = useState({ beginTime: isoDay(Date.now() - 29 * 86_400_000), endTime: isoDay(Date.now()) });
  const [draft, setDraft] = useState(range);
  const [days, setDays] = useState<Day[] | null>(null);
  const ids = { begin: useId(), end: useId() };
  useEffect(() => {
    setDays(null);
    void http.get<{ rows: Day[] }>('/search/word/trend', { wordId: String(wordId), ...range }).then((r) => setDays(r.data?.rows ?? []), () => setDays([]));
  }, [wordId, range]);
  useEffect(() => {
    if (!days || !canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: { labels: days.map((d) => d.day.slice(5)), datasets: [{ label: word, data: days.map((d) => d.searches), borderColor: '#2563eb', backgroundColor: '#2563eb', tension: 0.2 }] },
      options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
    return () => chart.destroy();
  }, [days, word]);
  const total = (days ?? []).reduce((n, d) => n + d.searches, 0);
  const summary = w('trendTotal', { n: total });
  const title = w('trendOf', { word });
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 'min(52rem, 96vw)' }} data-testid="word-trend">
      <form className="word-trend-range" onSubmit={(e) => { e.preventDefault(); setRange(draft); }}>
        <label htmlFor={ids.begin}>{w('beginTime')}</label>
        <InputText id={ids.begin} type="date" value={draft.beginTime} max={draft.endTime} onChange={(e) => setDraft({ ...draft, beginTime: e.target.value })} />
        <label htmlFor={ids.end}>{w('endTime')}</label>
        <InputText id={ids.end} type="date" value={draft.endTime} min={draft.beginTime} onChange={(e) => setDraft({ ...draft, endTime: e.target.value })} />
        <Button type="submit" size="small" icon="pi pi-search" label={translate('resource:search')} />
      </form>
      <p aria-live="polite">{days ? summary : translate('common:loading')}</p>
      <div style={{ position: 'relative', height: '18rem' }}>
        <canvas ref={canvas} role="img" aria-label={`${title}: ${summary}`} />
      </div>
      {days?.some((d) => d.searches) ? (
        <details>
          <summary>{w('byDay')}</summary>
          <table className="word-trend-table">
            <caption className="visually-hidden">{title}</caption>
            <thead><tr><th scope="col">{w('day')}</th><th scope="col">{translate('screens:searchWord.fields.searchTotal')}</th></tr></thead>
            <tbody>{days.filter((d) => d.searches).map((d) => <tr key={d.day}><th scope="row">{d.day}</th><td>{d.searches}</td></tr>)}</tbody>
          </table>
        </details>
      ) : null}
    </Dialog>
  );
}
