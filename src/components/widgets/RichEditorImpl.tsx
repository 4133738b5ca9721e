import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Editor } from 'primereact/editor';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { API_PREFIX, EDITOR_IMAGE_MAX_MB } from '../../../shared/constants.ts';
import { API_BASE } from '../../lib/request.ts';
import { message } from '../../stores/notify.ts';
import { uploadFile } from './upload-state.ts';
import { semanticHtml } from './quill-html.ts';
import { fileUrl } from './ImagePreview.tsx';
import { swapApiBase } from './api-base-html.ts';

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
  getSemanticHTML(): string;
  getSelection(focus?: boolean): { index: number } | null;
  getLength(): number;
  insertEmbed(index: number, type: string, value: string, source?: string): void;
  setSelection(index: number): void;
  getModule(name: string): { addHandler(name: string, fn: () => void): void } | undefined;
}

/** Pasted or dropped picture files: uploaded (never inlined as base64, which the server's sanitiser drops). */
const PASTED_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The toolbar, in the page's language: paragraph style, emphasis, colours, lists and indents,
 * alignment, quote, link, image, clear formatting. Quill wires each control by its class.
 */
function Toolbar() {
  const t = useT(widgets);
  const b = (cls: string, title: string, value?: string) => <button type="button" className={cls} value={value} title={title} aria-label={title} />;
  return (
    <>
      <span className="ql-formats">
        <select className="ql-header" title={t('editor.tools.style')} aria-label={t('editor.tools.style')}>
          <option value="1">{t('editor.heading.h1')}</option>
          <option value="2">{t('editor.heading.h2')}</option>
          <option value="3">{t('editor.heading.h3')}</option>
          <option value="4">{t('editor.heading.h4')}</option>
          {/* Quill takes the option with a `selected` attribute and no value as "no heading"; React sets only the property. */}
          <option ref={(el) => el?.setAttribute('selected', '')}>{t('editor.heading.normal')}</option>
        </select>
      </span>
      <span className="ql-formats">
        {b('ql-bold', t('editor.tools.bold'))}
        {b('ql-italic', t('editor.tools.italic'))}
        {b('ql-underline', t('editor.tools.underline'))}
        {b('ql-strike', t('editor.tools.strike'))}
        <select className="ql-color" title={t('editor.tools.color')} aria-label={t('editor.tools.color')} />
        <select className="ql-background" title={t('editor.tools.background')} aria-label={t('editor.tools.background')} />
      </span>
      <span className="ql-formats">
        {b('ql-list', t('editor.tools.ordered'), 'ordered')}
        {b('ql-list', t('editor.tools.bullet'), 'bullet')}
        {b('ql-indent', t('editor.tools.outdent'), '-1')}
        {b('ql-indent', t('editor.tools.indent'), '+1')}
        <select className="ql-align" title={t('editor.tools.align')} aria-label={t('editor.tools.align')} />
      </span>
      <span className="ql-formats">
        {b('ql-blockquote', t('editor.tools.quote'))}
        {b('ql-link', t('editor.tools.link'))}
        {b('ql-image', t('editor.tools.image'))}
        {b('ql-clean', t('editor.tools.clean'))}
      </span>
    </>
  );
}

/**
 * Quill copies the paragraph-style options' texts into its picker once, when it starts: if the
 * page's language (or its late catalogue) arrives after that, the picker would keep the first
 * language's words (an English page showed "正文"). This copies the options' current texts again.
 */
function relabelStylePicker(root: HTMLElement | null) {
  const options = [...(root?.querySelectorAll('select.ql-header option') ?? [])];
  const picker = root?.querySelector('.ql-picker.ql-header');
  if (!picker || !options.length) return;
  picker.querySelectorAll('.ql-picker-item').forEach((item, i) => {
    const text = options[i]?.textContent;
    if (text) item.setAttribute('data-label', text);
  });
  const chosen = picker.querySelector('.ql-picker-item.ql-selected') ?? picker.querySelector('.ql-picker-item:not([data-value])');
  const label = chosen?.getAttribute('data-label');
  if (label) picker.querySelector('.ql-picker-label')?.setAttribute('data-label', label);
}

/** The editor itself; only imported through RichEditor's lazy boundary. */
export default function RichEditorImpl({ value, onChange, minHeight = 192, readOnly, library = false }: RichEditorProps) {
  const t = useT(widgets);
  const quill = useRef<QuillLike | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => relabelStylePicker(root.current), [t]);

  function insertAt(src: string, index?: number) {
    const q = quill.current;
    if (!q) return;
    const at = index ?? q.getSelection(true)?.index ?? q.getLength();
    q.insertEmbed(at, 'image', src, 'user');
    q.setSelection(at + 1);
  }

  /** Uploads a picture (to the site's library in CMS forms) and puts it at `index` or the cursor. */
  async function insertImage(file: File, index?: number) {
    if (file.size / 1024 / 1024 > EDITOR_IMAGE_MAX_MB) {
      message.error(t('upload.tooLarge', { size: EDITOR_IMAGE_MAX_MB }));
      return;
    }
    if (libraryRef.current) {
      const { uploadToLibrary } = await import('../cms/resource-api.ts');
      const r = await uploadToLibrary(file, { resourceType: 'image' }, () => undefined, t('editor.insertFailed'));
      if (r.ok) insertAt(fileUrl(r.item.src), index);
      else message.error(r.message);
      return;
    }
    const outcome = await uploadFile(file, t('editor.insertFailed'));
    if (!outcome.ok || !quill.current) {
      message.error(outcome.ok ? t('editor.insertFailed') : outcome.message);
      return;
    }
    insertAt(fileUrl(outcome.fileName), index);
  }
  const libraryRef = useRef(library);
  libraryRef.current = library;
  const insertRef = useRef(insertImage);
  insertRef.current = insertImage;
  // Read once by Quill when it starts: tables pasted from Word or a web page stay tables (Quill 2's
  // table module); pasted or dropped picture files are uploaded.
  const modules = useMemo(() => ({
    table: true,
    uploader: { mimetypes: PASTED_IMAGES, handler: (range: { index: number }, files: File[]) => void files.reduce((p, f, i) => p.then(() => insertRef.current(f, range.index + i)), Promise.resolve()) },
  }), []);

  return (
    <div className="rich-editor" ref={root}>
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
        // A CMS body's addresses are the API's (api-base-html.ts).
        value={library ? swapApiBase(value, API_PREFIX, API_BASE) : value}
        readOnly={readOnly}
        placeholder={t('editor.placeholder')}
        style={{ minHeight }}
        headerTemplate={<Toolbar />}
        modules={modules}
        // Semantic HTML (real lists, tables), not Quill's internal markup: see quill-html.ts.
        onTextChange={(e) => {
          const html = quill.current ? semanticHtml(quill.current) : (e.htmlValue ?? '');
          onChange(library ? swapApiBase(html, API_BASE, API_PREFIX) : html);
        }}
        onLoad={(q) => {
          quill.current = q as QuillLike;
          relabelStylePicker(root.current);
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
