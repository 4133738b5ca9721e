import { Cron } from 'croner';
import { z } from 'zod';
import { formatDateTime } from '../../../shared/format.ts';
import { CRON_PREVIEW_COUNT } from '../../../shared/constants.ts';
import { defineRoute } from '../../core/route.ts';
import type { Requirement } from '../../core/access.ts';
import { fail } from '../../core/errors.ts';

/**
 * Cron expressions as the console's users know them: Quartz style with seconds and `?`
 * (`0/10 * * * * ?`) or classic five fields (`*\/5 * * * *`).
 */
export function parseCron(expression: string): Cron | null {
  try {
    return new Cron(expression.trim(), { paused: true, sloppyRanges: true });
  } catch {
    return null;
  }
}

/** The next `count` fire times (spec §9: the preview shows 5). */
export function nextRuns(expression: string, count = 5, from?: Date): Date[] {
  const cron = parseCron(expression);
  if (!cron) return [];
  const runs = cron.nextRuns(count, from);
  cron.stop();
  return runs;
}

/** GET `url`?cronExpression=…: the next 5 run times, or a localized refusal of a bad expression. */
export const cronPreviewRoute = (url: string, perm: Requirement) =>
  defineRoute({
    method: 'GET',
    url,
    perm,
    query: z.object({ cronExpression: z.string().min(1).max(255) }),
    reply: z.array(z.string()),
    handler: ({ query }) => {
      if (!parseCron(query.cronExpression)) throw fail('job.badCron');
      return nextRuns(query.cronExpression, CRON_PREVIEW_COUNT).map((d) => formatDateTime(d));
    },
  });
