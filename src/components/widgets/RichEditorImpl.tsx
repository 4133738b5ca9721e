import { useRef } from 'react';
import { Editor } from 'primereact/editor';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { EDITOR_IMAGE_MAX_MB } from '../../lib/constants.ts';
import { message } from '../../stores/notify.ts';
import { uploadFile } from './upload-state.ts';
import { fileUrl } from './ImagePreview.tsx';

export interface RichEditorProps {
  value: string;
  onChange(html: string): void;
  minHeight?: number;
  readOnly?: boolean;
}

interface QuillLike {
  getSelection(focus?: boolean): { index: number } | null;
  getLength(): number;
  insertEmbed(index: number, type: string, value: string, source?: string): void;
  setSelection(index: number): void;
  getModule(name: string): { addHandler(name: string, fn: () => void): void } | undefined;
}

/** The editor itself; only imported through RichEditor's lazy boundary. */
export default function RichEditorImpl({ value, onChange, minHeight = 192, readOnly }: RichEditorProps) {
  const t = useT(widgets);
  const quill = useRef<QuillLike | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  async function insertImage(file: File) {
    if (file.size / 1024 / 1024 > EDITOR_IMAGE_MAX_MB) {
      message.error(t('upload.tooLarge', { size: EDITOR_IMAGE_MAX_MB }));
      return;
    }
    const outcome = await uploadFile(file, t('editor.insertFailed'));
    const q = quill.current;
    if (!outcome.ok || !q) {
      message.error(outcome.ok ? t('editor.insertFailed') : outcome.message);
      return;
    }
    const at = q.getSelection(true)?.index ?? q.getLength();
    q.insertEmbed(at, 'image', fileUrl(outcome.fileName), 'user');
    q.setSelection(at + 1);
  }

  return (
    <div className="rich-editor">
      <input
        ref={picker}
        type="file"
        hidden
        accept="image/*"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <Editor
        value={value}
        readOnly={readOnly}
        placeholder={t('editor.placeholder')}
        style={{ minHeight }}
        onTextChange={(e) => onChange(e.htmlValue ?? '')}
        onLoad={(q) => {
          quill.current = q as QuillLike;
          // Images go to the server instead of being inlined as base64.
          quill.current.getModule('toolbar')?.addHandler('image', () => picker.current?.click());
        }}
      />
    </div>
  );
}
