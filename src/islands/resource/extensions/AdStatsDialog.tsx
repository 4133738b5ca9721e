import { useEffect, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

interface Day {
  day: string;
  views: number;
  clicks: number;
}

/**
 * Impressions and clicks per day of an ad or an ad space over the last 30 days (GET
 * /cms/ad/stat/chart), as a line chart; the same figures as a table for screen readers and
 * keyboards (the canvas itself is an image named by its totals).
 */
export function AdStatsDialog({ query, title, onClose }: { query: Record<string, string>; title: string; onClose(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [days, setDays] = useState<Day[] | null>(null);
  useEffect(() => {
    void http.get<{ rows: Day[] }>('/cms/ad/stat/chart', query).then((r) => setDays(r.data?.rows ?? []), () => setDays([]));
  }, [JSON.stringify(query)]);
  useEffect(() => {
    if (!days || !canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: days.map((d) => d.day.slice(5)),
        datasets: [
          { label: translate('screens:advertisement.views'), data: days.map((d) => d.views), borderColor: '#2563eb', backgroundColor: '#2563eb', tension: 0.2 },
          { label: translate('screens:advertisement.clicks'), data: days.map((d) => d.clicks), borderColor: '#d97706', backgroundColor: '#d97706', tension: 0.2 },
        ],
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
    return () => chart.destroy();
  }, [days]);
  const total = (k: 'views' | 'clicks') => (days ?? []).reduce((n, d) => n + d[k], 0);
  const summary = translate('screens:advertisement.totals', { views: total('views'), clicks: total('clicks') });
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 'min(52rem, 96vw)' }} data-testid="ad-stats">
      <p>{days ? summary : translate('common:loading')}</p>
      <div style={{ position: 'relative', height: '18rem' }}>
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      {days?.length ? (
        <details>
          <summary>{translate('screens:advertisement.byDay')}</summary>
          <table className="ad-stats-table">
            <caption className="visually-hidden">{title}</caption>
            <thead><tr><th scope="col">{translate('screens:advertisement.day')}</th><th scope="col">{translate('screens:advertisement.views')}</th><th scope="col">{translate('screens:advertisement.clicks')}</th></tr></thead>
            <tbody>{days.filter((d) => d.views || d.clicks).map((d) => <tr key={d.day}><th scope="row">{d.day}</th><td>{d.views}</td><td>{d.clicks}</td></tr>)}</tbody>
          </table>
        </details>
      ) : null}
    </Dialog>
  );
}
