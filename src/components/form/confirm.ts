import { translate } from '../../lib/i18n/i18n.ts';
// The title and the OK / Cancel of every question are the console's shared words.
import '../../lib/i18n/ns/common.ts';
import { confirm } from '../../stores/notify.ts';

/**
 * The console's "are you sure?": the usual title, OK and Cancel around the given question, so
 * every delete, run, stop, discard and revoke asks alike. Resolves true when accepted. (Logout
 * alone asks Yes / No, as the spec words it.)
 */
export const askToConfirm = (question: string, severity: 'info' | 'warn' = 'warn') =>
  confirm({
    header: translate('common:dialog.systemTip'),
    message: question,
    acceptLabel: translate('common:actions.ok'),
    rejectLabel: translate('common:actions.cancel'),
    severity,
  });
