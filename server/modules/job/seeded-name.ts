import { LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import type { Services } from '../../core/services.ts';
import { parseTarget } from './registry.ts';

/**
 * The name a job shows: a seeded job's (its task names one, Task.jobName) in the reader's language
 * while nobody renamed it, i.e. while its stored name is that name in one of the languages (the
 * seed stores the English one; saving the form unchanged stores the reader's); any other name as
 * typed. Menus are translated the same way, at display, through a key.
 */
export function shownJobName(services: Services, locale: Locale, job: { jobName?: unknown; invokeTarget?: unknown }): string {
  const name = String(job.jobName ?? '');
  const key = parseTarget(services, String(job.invokeTarget ?? ''))?.task.jobName;
  if (!key) return name;
  const texts = LOCALES.map((lng) => services.i18n.translator(lng)(key));
  return texts.includes(name) ? services.i18n.translator(locale)(key) : name;
}
