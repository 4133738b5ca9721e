import { z } from 'zod';

/**
 * Query parameters shared by the log lists. Everything arrives as a string; unknown keys are kept
 * out. Times are 'yyyy-MM-dd HH:mm:ss' or 'yyyy-MM-dd' in server-local time, like every date we send.
 */
export const logListQuery = z.object({
  pageNum: z.string().optional(),
  pageSize: z.string().optional(),
  beginTime: z.string().optional(),
  endTime: z.string().optional(),
});

export { likePattern, parseLocalTime } from '../../core/query.ts';
