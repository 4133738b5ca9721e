import { setRequestContext } from '../lib/request.ts';
import { $language } from './locale.ts';
import { $currentSite } from './site.ts';
import { confirm, message, notifyError } from './notify.ts';

/**
 * Hands the request core (lib/request.ts, which imports no store) what every call sends and shows:
 * the stored language and current site, read at each call, and the notice store for its messages
 * and its session-expired question. Imported for this effect, first, by every page entry that can
 * make calls (the islands a page hydrates, its scripts), so no call, and no look at the head
 * script's early answers (which match by language and site), comes before it:
 * tests/architecture.test.ts checks that each such entry imports it.
 */
setRequestContext({
  language: () => $language.get(),
  site: () => $currentSite.get(),
  notices: { message, notifyError, confirm },
});
