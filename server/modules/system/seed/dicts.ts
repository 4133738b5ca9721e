import { CMS_DICTS } from './dicts-cms.ts';
import { SYSTEM_DICTS } from './dicts-system.ts';
import { MESSAGING_DICTS } from './dicts-messaging.ts';
import type { DictSeed } from './types.ts';

export type { DictSeed, DictValueSeed } from './types.ts';

/** Every dictionary type and value of a new database (sys_dict_type, sys_dict_data), all fixed. */
export const DICTS: readonly DictSeed[] = [...CMS_DICTS, ...SYSTEM_DICTS, ...MESSAGING_DICTS];
