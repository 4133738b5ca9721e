import { UPLOAD_FILE_TYPES, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '../../../shared/constants.ts';

/** Before-upload checks and the value format of the upload widgets (spec §4, §5), UI-free. */

export interface UploadLimits {
  /** extensions without the dot; empty accepts any */
  types: readonly string[];
  maxMb: number;
  maxFiles: number;
}

export const FILE_LIMITS: UploadLimits = { types: UPLOAD_FILE_TYPES, maxMb: UPLOAD_MAX_MB, maxFiles: UPLOAD_MAX_FILES };
export const IMAGE_LIMITS: UploadLimits = { types: UPLOAD_IMAGE_TYPES, maxMb: UPLOAD_MAX_MB, maxFiles: UPLOAD_MAX_FILES };
/** One image (a logo, a cover). */
export const ONE_IMAGE: UploadLimits = { ...IMAGE_LIMITS, maxFiles: 1 };

/** A refusal as a `widgets:upload.*` key and its parameters. */
export type UploadRefusal = { key: 'badType'; params: { types: string } } | { key: 'tooLarge'; params: { size: number } } | { key: 'tooMany'; params: { max: number } };

export const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** Checks one file; `held` is how many files the widget already has (before this one). */
export function checkFile(file: { name: string; size: number }, held: number, limits: UploadLimits): UploadRefusal | null {
  if (held >= limits.maxFiles) return { key: 'tooMany', params: { max: limits.maxFiles } };
  if (limits.types.length && !limits.types.includes(extensionOf(file.name))) return { key: 'badType', params: { types: limits.types.join('/') } };
  if (file.size / 1024 / 1024 >= limits.maxMb) return { key: 'tooLarge', params: { size: limits.maxMb } };
  return null;
}

/** The widget's value: file names joined by commas (what forms store). */
export const joinFiles = (files: readonly string[]) => files.join(',');
export const splitFiles = (value: string | null | undefined) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);

/** Outcome of POST /common/upload: the stored name, or the text to show (server msg or ours). */
export type UploadOutcome = { ok: true; fileName: string } | { ok: false; message: string };

export function uploadOutcome(reply: { code?: number; msg?: string; data?: { fileName?: string } } | null | undefined, fallback: string): UploadOutcome {
  if (reply && Number(reply.code) === 200 && reply.data?.fileName) return { ok: true, fileName: reply.data.fileName };
  if (reply && reply.code !== undefined && Number(reply.code) !== 200 && reply.msg) return { ok: false, message: reply.msg };
  return { ok: false, message: fallback };
}
