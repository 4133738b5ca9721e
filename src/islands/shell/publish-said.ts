import type { PublishProgressView } from '../../stores/publish.ts';
import type { Translate } from '../../lib/i18n/i18n.ts';
import type shellTexts from '../../../shared/i18n/locales/zh-CN/shell.ts';

/** What a screen reader hears when a publish run has ended: its pages, and how many failed. */
export const publishDoneText = (t: Translate<typeof shellTexts>, p: Pick<PublishProgressView, 'total' | 'failed'>) =>
  p.failed > 0 ? t('publish.saidDoneFailed', { total: p.total, failed: p.failed }) : t('publish.saidDone', { total: p.total });
