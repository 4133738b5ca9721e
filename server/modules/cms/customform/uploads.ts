import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { FieldIssue } from '../../../../shared/validators/issues.ts';
import { datePath, extensionOf } from '../../common/index.ts';
import { uploadLimitsOf, withDefaults } from '../../../../shared/cms/site-config.ts';
import { RESOURCE_TYPES, type ResourceType } from '../../../../shared/cms/resource-types.ts';
import { sniff } from '../resource/sniff.ts';
import { cmsSite } from '../site/schema.ts';
import { storageFor, storageTypeOf, type ObjectStorage } from '../storage/storage.ts';

/** The most a reader's file may weigh, whatever the site's library allows. */
export const FORM_FILE_MAX_MB = 5;

/**
 * A file a reader sent with a posted form (multipart only): where its bytes wait, and the name it
 * came with. Only the multipart reader makes these, so a JSON body can never name a file on disk.
 */
export class UploadedFile {
  readonly file: string;
  readonly fileName: string;
  readonly size: number;
  constructor(file: string, fileName: string, size: number) {
    this.file = file;
    this.fileName = fileName;
    this.size = size;
  }
}

interface FileField {
  code: string;
  label: string;
  fieldType: string;
  required: string;
}

export interface StoredFiles {
  /** each file field's stored key (null: none sent) */
  values: Record<string, string | null>;
  /** what was written, removed again if the entry is not stored */
  undo(): Promise<void>;
}

/** The types a field takes: an image field images only; a file field any type the site's library takes (never SVG: it runs scripts). */
const typesOf = (fieldType: string): readonly ResourceType[] => (fieldType === 'image' ? ['image'] : RESOURCE_TYPES);

/**
 * The file fields of a submission checked and stored: each file's suffix among the site's
 * upload types for the field, its size within the site's limit and FORM_FILE_MAX_MB, its bytes
 * what the suffix says (the library's sniffing), then put in the site's storage under a random
 * key of the library's shape (served like the library: our Content-Type, nosniff, documents as
 * attachments). Anything else in a file field (a text, a URL) is refused by the field's name.
 * The issues are returned with `store`, which writes the files (call it only when no field of the
 * submission has an issue).
 */
export async function checkFormFiles(db: DbOrTx, dataDir: string, siteId: number, fields: readonly FileField[], data: Record<string, unknown>): Promise<{ issues: FieldIssue[]; store(): Promise<StoredFiles> }> {
  const issues: FieldIssue[] = [];
  const at = (f: FileField, key: string, params: Record<string, unknown> = {}) => issues.push({ field: f.label, key, params });
  const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
  const limits = withDefaults(site?.configProps ?? {});
  const wanted: { f: FileField; up: UploadedFile; suffix: string }[] = [];
  for (const f of fields) {
    const raw = data[f.code];
    if (raw === undefined || raw === null || raw === '') {
      if (f.required === 'Y') at(f, 'required');
      continue;
    }
    if (!(raw instanceof UploadedFile)) {
      at(f, 'xFileRefused');
      continue;
    }
    const suffix = extensionOf(raw.fileName);
    const allowed = typesOf(f.fieldType).flatMap((t) => uploadLimitsOf(limits, t).suffixes.map((s) => ({ s, maxMb: uploadLimitsOf(limits, t).maxMb })));
    const rule = allowed.find((a) => a.s === suffix && suffix !== 'svg' && suffix !== 'svgz');
    if (!rule) {
      at(f, 'xFileType', { types: [...new Set(allowed.map((a) => a.s).filter((s) => !s.startsWith('svg')))].join(', ') });
      continue;
    }
    const maxMb = Math.min(rule.maxMb, FORM_FILE_MAX_MB);
    if (raw.size > maxMb * 1024 * 1024) at(f, 'xFileTooLarge', { size: maxMb });
    else if (raw.size === 0) at(f, 'required');
    else wanted.push({ f, up: raw, suffix });
  }
  const sniffed: { f: FileField; up: UploadedFile; suffix: string; type: ResourceType; mime: string }[] = [];
  for (const w of wanted) {
    try {
      const s = await sniff(w.up.file, w.suffix);
      if (!typesOf(w.f.fieldType).includes(s.type)) at(w.f, 'xFileContent', { ext: w.suffix });
      else sniffed.push({ ...w, type: s.type, mime: s.mime });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      at(w.f, 'xFileContent', { ext: w.suffix });
    }
  }
  return { issues, store: () => storeAll(site!, dataDir, fields, sniffed) };
}

async function storeAll(site: typeof cmsSite.$inferSelect, dataDir: string, fields: readonly FileField[], sniffed: { f: FileField; up: UploadedFile; suffix: string; type: ResourceType; mime: string }[]): Promise<StoredFiles> {
  const storage: ObjectStorage = storageFor(site, storageTypeOf(site), dataDir);
  const written: string[] = [];
  const undo = async () => {
    for (const k of written) await storage.delete(k).catch(() => undefined);
  };
  const values: Record<string, string | null> = Object.fromEntries(fields.map((f) => [f.code, null]));
  try {
    for (const s of sniffed) {
      // A random 15-digit name: never a library id (those count up from 1), never guessable.
      const key = `resources/${s.type}/${datePath()}/${100_000_000_000_000 + randomInt(2 ** 48 - 1)}.${s.suffix}`;
      await storage.put(key, s.up.file, s.mime);
      written.push(key);
      values[s.f.code] = storage.url(key);
    }
  } catch (err) {
    await undo();
    throw err;
  }
  return { values, undo };
}
