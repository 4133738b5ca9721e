import { useEffect, useRef } from 'react';
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { TrendPoint } from '../../../shared/stats/stat.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

/**
 * The trend as a line chart (Chart.js, loaded with this module only on the Statistics screen):
 * views and visitors. The canvas is an image named by `label`; the figures are also a table beside it.
 */
export default function TrendChart({ points, labels, label }: { points: TrendPoint[]; labels: { pv: string; uv: string; at: (at: string) => string }; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: points.map((p) => labels.at(p.at)),
        datasets: [
          { label: labels.pv, data: points.map((p) => p.pv), borderColor: '#2563eb', backgroundColor: '#2563eb', tension: 0.2 },
          { label: labels.uv, data: points.map((p) => p.uv), borderColor: '#16a34a', backgroundColor: '#16a34a', tension: 0.2 },
        ],
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
    return () => chart.destroy();
  }, [points, labels]);
  return (
    <div className="stat-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
