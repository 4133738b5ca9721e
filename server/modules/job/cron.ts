import { Cron } from 'croner';

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
