import { useState } from 'react';
import { API_BASE } from '../../lib/request.ts';
import { headersFor } from '../../lib/download.ts';
import { UPLOAD_FIELD, UPLOAD_URL } from '../../../shared/constants.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { message } from '../../stores/notify.ts';
import { checkFile, joinFiles, splitFiles, uploadOutcome, type UploadLimits, type UploadOutcome } from './upload-rules.ts';

/** POST /common/upload (multipart field `file`): the stored name or the text to show. Never throws. */
export async function uploadFile(file: File, failedText: string, url = UPLOAD_URL): Promise<UploadOutcome> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  try {
    const res = await globalThis.fetch(`${API_BASE}${url}`, { method: 'POST', headers: headersFor(), body });
    return uploadOutcome(res.ok ? ((await res.json()) as never) : null, failedText);
  } catch {
    return uploadOutcome(null, failedText);
  }
}

/**
 * The upload widgets' state machine (spec §4): before-upload checks → loading → success (the file
 * joins the list and the comma-joined value is emitted) or failure (the file is dropped, the
 * message shown). UI-free apart from React state.
 */
export function useUploadList(value: string | null | undefined, onChange: (v: string) => void, limits: UploadLimits, failedKey: 'upload.failed' | 'upload.imageFailed') {
  const files = splitFiles(value);
  const [loading, setLoading] = useState(0);

  async function add(selected: FileList | File[]) {
    let held = files.length;
    const accepted: File[] = [];
    for (const file of Array.from(selected)) {
      const refusal = checkFile(file, held, limits);
      if (refusal) {
        message.error(translate(`widgets:upload.${refusal.key}`, refusal.params));
        if (refusal.key === 'tooMany') break;
        continue;
      }
      accepted.push(file);
      held++;
    }
    if (!accepted.length) return;
    setLoading((n) => n + accepted.length);
    const names: string[] = [];
    for (const file of accepted) {
      const outcome = await uploadFile(file, translate(`widgets:${failedKey}`));
      setLoading((n) => n - 1);
      if (outcome.ok) names.push(outcome.fileName);
      else message.error(outcome.message);
    }
    if (names.length) onChange(joinFiles([...files, ...names]));
  }

  const remove = (name: string) => onChange(joinFiles(files.filter((f) => f !== name)));
  return { files, loading: loading > 0, add, remove };
}
