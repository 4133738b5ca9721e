import { lazy, Suspense, useRef, useState } from 'react';
import { Editor } from 'primereact/editor';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { EDITOR_IMAGE_MAX_MB } from '../../lib/constants.ts';
import { message } from '../../stores/notify.ts';
import { uploadFile } from './upload-state.ts';
import { fileUrl } from './ImagePreview.tsx';

// Only CMS forms pick images from the library; the notice editor never loads the picker.
const ResourcePicker = lazy(() => import('../cms/ResourcePicker.tsx').then((m) => ({ default: m.ResourcePicker })));

export interface RichEditorProps {
  value: string;
  onChange(html: string): void;
  minHeight?: number;
  readOnly?: boolean;
  /** CMS content: the image button inserts an image of the current site's resource library (or one uploaded there) */
  library?: boolean;
}

interface QuillLike {
  getSelection(focus?: boolean): { index: number } | null;
  getLength(): number;
  insertEmbed(index: number, type: string, value: string, source?: string): void;
  setSelection(index: number): void;
  getModule(name: string): { addHandler(name: string, fn: () => void): void } | undefined;
}

/** The editor itself; only imported through RichEditor's lazy boundary. */
export default function RichEditorImpl({ value, onChange, minHeight = 192, readOnly, library = false }: RichEditorProps) {
  const t = useT(widgets);
  const quill = useRef<QuillLike | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);

  function insertAt(src: string) {
    const q = quill.current;
    if (!q) return;
    const at = q.getSelection(true)?.index ?? q.getLength();
    q.insertEmbed(at, 'image', src, 'user');
    q.setSelection(at + 1);
  }

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
    insertAt(fileUrl(outcome.fileName));
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
          quill.current.getModule('toolbar')?.addHandler('image', () => (library ? setPicking(true) : picker.current?.click()));
        }}
      />
      {picking ? (
        <Suspense fallback={null}>
          <ResourcePicker type="image" onHide={() => setPicking(false)} onPick={(item) => { setPicking(false); insertAt(fileUrl(item.src)); }} />
        </Suspense>
      ) : null}
    </div>
  );
}
