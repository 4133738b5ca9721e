import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../../shared/constants.ts';

/** "Remember me" on the sign-in page: whether it is on, and the account name. Never the password. */
export const $rememberMe = persistentAtom<boolean>(STORAGE_KEYS.rememberMe, false, {
  encode: (v: boolean) => (v ? 'true' : 'false'),
  decode: (v: string) => v === 'true',
  listen: false,
});
export const $rememberedUserName = persistentAtom<string>(STORAGE_KEYS.rememberedUserName, '', { listen: false });
