import { translate } from '../../lib/i18n/i18n.ts';
import { confirm } from '../../stores/notify.ts';

/**
 * The console's "are you sure?": the usual title, submit and cancel around the given question, so
 * every delete, run, stop and logout asks alike. Resolves true when accepted.
 */
export const askToConfirm = (question: string, severity: 'info' | 'warn' = 'warn') =>
  confirm({
    header: translate('resource:confirmTitle'),
    message: question,
    acceptLabel: translate('resource:submit'),
    rejectLabel: translate('resource:cancel'),
    severity,
  });
