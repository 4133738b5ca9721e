import { forwardRef } from 'react';
import type { UploadLimits } from './upload-rules.ts';

/**
 * The hidden file input behind an upload button: accepts the limits' types, several files when
 * the limit allows, and resets after each pick so the same file can be chosen again.
 */
export const FilePicker = forwardRef<HTMLInputElement, { limits: UploadLimits; onFiles(files: FileList): void }>(function FilePicker({ limits, onFiles }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      multiple={limits.maxFiles > 1}
      accept={limits.types.map((x) => `.${x}`).join(',')}
      onChange={(e) => {
        if (e.target.files) onFiles(e.target.files);
        e.target.value = '';
      }}
    />
  );
});
