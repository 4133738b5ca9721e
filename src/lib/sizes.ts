/** Bytes as B/KB/MB/GB/TB (1024-based), two decimals above bytes. */
export function formatBytes(bytes: number | null | undefined): string {
  const n = Number(bytes ?? 0);
  if (!Number.isFinite(n) || n < 1024) return `${Math.max(0, Math.round(Number.isFinite(n) ? n : 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB', 'PB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(2)} ${units[i]}`;
}

/** Seconds as days, hours, minutes and seconds with the caller's unit words. */
export function formatUptime(totalSeconds: number, u: { d: string; h: string; m: string; s: string }): string {
  const secs = Math.max(0, Math.floor(totalSeconds));
  const d = Math.floor(secs / 86400);
  const h = Math.floor((secs % 86400) / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  const parts = d ? [[d, u.d], [h, u.h], [m, u.m]] : h ? [[h, u.h], [m, u.m], [s, u.s]] : m ? [[m, u.m], [s, u.s]] : [[s, u.s]];
  return parts.map(([n, w]) => `${n}${w}`).join(' ');
}
