import { cleanExtensions } from './clean.tsx';
import type { ResourceExtensions } from '../types.ts';

/**
 * The job log (/monitor/job-log): all runs, or one job's when opened from its row
 * (?jobId=…, a fixed filter); "clear" empties the whole log (DELETE /monitor/jobLog/clean).
 */
export function jobLogExtensions(): ResourceExtensions {
  const jobId = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('jobId');
  return {
    ...cleanExtensions('monitor:job:clean'),
    ...(jobId && /^\d+$/.test(jobId) ? { fixedFilters: { jobId } } : {}),
  };
}
