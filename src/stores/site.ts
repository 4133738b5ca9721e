import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { STORAGE_KEYS } from '../../shared/constants.ts';

/** Current site id (localStorage `CurrentSite`, spec §3); sent with every request as the CurrentSite header. */
export const $currentSite = persistentAtom<string>(STORAGE_KEYS.currentSite, '');

/**
 * Bumped when sites were added, renamed or deleted (the site screens): the navbar's picker reads
 * its site again, e.g. after the current one was deleted or renamed.
 */
export const $sitesChanged = atom(0);
export const sitesChanged = () => $sitesChanged.set($sitesChanged.get() + 1);
