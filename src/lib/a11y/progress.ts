/**
 * When a long task's progress is worth saying (issue 28 item 4): not every percent a poll brings,
 * but each quarter reached and the end. Pure; the screens that show a task (the publish progress
 * view, the async tasks list) say it through the announcer.
 */

export interface ProgressState {
  /** 0 to 100 */
  percent: number;
  /** the task has ended (done, failed or stopped) */
  finished: boolean;
}

export type ProgressNews = { kind: 'step'; percent: number } | { kind: 'finished' } | null;

/** Progress is said each time it passes a multiple of this. */
export const PROGRESS_STEP = 25;

const bucket = (percent: number, step: number) => Math.floor(Math.min(100, Math.max(0, percent)) / step);

/**
 * What to say about a task seen at `now` after `before` (undefined: first seen, when the screen
 * shows where it stands and nothing is said): its end once, or the percentage when it has passed a
 * step since. A task that starts over (a new run) is said again from its next step.
 */
export function progressNews(before: ProgressState | undefined, now: ProgressState, step = PROGRESS_STEP): ProgressNews {
  if (!before) return null;
  if (now.finished) return before.finished ? null : { kind: 'finished' };
  if (now.percent >= 100) return null;
  const restarted = before.finished || now.percent < before.percent;
  const from = restarted ? 0 : bucket(before.percent, step);
  const to = bucket(now.percent, step);
  return to > from ? { kind: 'step', percent: Math.floor(now.percent) } : null;
}
