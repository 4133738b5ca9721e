import { http } from '../../lib/request.ts';
import { download } from '../../lib/download.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import type { Granularity, Overview, RankRow, StatDim, TrendPoint } from '../../../shared/stats/stat.ts';

/** A period of whole UTC days, as the routes take it. */
export interface Period {
  beginTime: string;
  endTime: string;
}

export const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The last `days` days, today included. */
export const lastDays = (days: number): Period => ({ beginTime: isoDay(Date.now() - (days - 1) * 86_400_000), endTime: isoDay(Date.now()) });

export const getOverview = async () => (await http.get<Overview>('/cms/stat/site/overview')).data;
export const getTrend = async (p: Period, granularity: Granularity) => (await http.get<{ points: TrendPoint[] }>('/cms/stat/site/trend', { ...p, granularity })).data?.points ?? [];
export const getRanking = async (dim: StatDim, p: Period) => (await http.get<{ rows: RankRow[] }>(`/cms/stat/site/${dim}`, { ...p, limit: 100 })).data?.rows ?? [];

export const exportTrend = (p: Period, granularity: Granularity) => download('/cms/stat/site/trend/export', { params: { ...p, granularity }, filename: 'stat_trend.xlsx' });
export const exportRanking = (dim: StatDim, p: Period) => download(`/cms/stat/site/${dim}/export`, { params: { ...p, limit: 100 }, filename: `stat_${dim}.xlsx` });

/** What a ranking's value reads as: sources and devices in words, countries by name, the rest as stored. */
export function labelOf(dim: StatDim, row: Pick<RankRow, 'key' | 'name'>, lng: string): string {
  if (dim === 'source' || dim === 'device') return translate(`stats:${dim}.${row.key}`, undefined, lng);
  if (dim === 'country') {
    if (!row.key) return translate('stats:unknown', undefined, lng);
    try {
      return new Intl.DisplayNames([lng], { type: 'region' }).of(row.key) ?? row.key;
    } catch {
      return row.key;
    }
  }
  return row.name || translate('stats:unknown', undefined, lng);
}
