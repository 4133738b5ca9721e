import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../lib/constants.ts';

/** Current site id (localStorage `CurrentSite`, spec §3); sent with every request as the CurrentSite header. */
export const $currentSite = persistentAtom<string>(STORAGE_KEYS.currentSite, '');
