import { SYSTEM_DICTS } from './dicts-system.ts';
import { MESSAGING_DICTS } from './dicts-messaging.ts';
import type { DictSeed } from '../../../core/seed-data.ts';

export type { DictSeed, DictValueSeed } from '../../../core/seed-data.ts';

/**
 * The system's own dictionary types and values (sys_dict_type, sys_dict_data), all fixed. Other
 * modules ship their own (ServerModule.dicts); the 'dicts' step stores theirs, then these.
 */
export const BASE_DICTS: readonly DictSeed[] = [...SYSTEM_DICTS, ...MESSAGING_DICTS];
