import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Editor } from 'primereact/editor';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { FieldRowContext, useFieldAria } from '../form/field-aria.ts';
import { API_PREFIX, EDITOR_IMAGE_MAX_MB } from '../../../shared/constants.ts';
import { API_BASE } from '../../lib/request.ts';
import { message } from '../../stores/notify.ts';
import { uploadFile } from './upload-state.ts';
import { semanticHtml } from './quill-html.ts';
import { nameToolbar, toolbarTexts, tooltipOf, wireToolbar } from './quill-a11y.ts';
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
  /**
   * The id its field's `<label for>` names: the editing area takes it, and that label as its name
   * (a label names only a form control by itself; a click on it puts the cursor in the text).
   */
  id?: string;
  /** the id of what names the editing area when no label does (a section's heading) */
  labelledBy?: string;
  /** ids of the texts that describe it (its error message, a hint); '' for none */
  describedBy?: string;
  /** says so to assistive technology (aria-invalid) */
  invalid?: boolean;
  required?: boolean;
}

interface QuillLike {
  root: HTMLElement;
  focus(): void;
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
 * alignment, quote, link, image, clear formatting. Quill wires each control by its class and
 * builds the pickers from the selects; quill-a11y.ts names them and gives the toolbar its keys.
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
export default function RichEditorImpl({ value, onChange, minHeight = 192, readOnly, library = false, id, labelledBy, describedBy: ownDescribedBy, invalid: ownInvalid, required: ownRequired }: RichEditorProps) {
  const t = useT(widgets);
  // In a form row (FormRow), what the row says of its field unless given: its error and hint, invalid, required.
  const inRow = useContext(FieldRowContext)?.id === id && id !== undefined;
  const row = useFieldAria(id);
  const describedBy = ownDescribedBy ?? (inRow ? row['aria-describedby'] ?? '' : undefined);
  const invalid = ownInvalid ?? (inRow ? !!row['aria-invalid'] : undefined);
  const required = ownRequired ?? row['aria-required'];
  const quill = useRef<QuillLike | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  /** Quill's editing area, once Quill has started. */
  const [area, setArea] = useState<HTMLElement | null>(null);
  const texts = useMemo(() => toolbarTexts(t), [t]);
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const toolbarOf = () => root.current?.querySelector<HTMLElement>('.ql-toolbar') ?? null;

  // The toolbar's keys, and its names again whenever a picker's value (or open state) or the link box's mode changes.
  useEffect(() => {
    const toolbar = toolbarOf();
    if (!area || !toolbar) return;
    const unwire = wireToolbar(toolbar);
    const observer = new MutationObserver(() => nameToolbar(toolbar, textsRef.current));
    observer.observe(toolbar, { subtree: true, attributes: true, attributeFilter: ['class', 'data-value'] });
    const tip = tooltipOf(toolbar);
    if (tip) observer.observe(tip, { attributes: true, attributeFilter: ['class'] });
    return () => {
      unwire();
      observer.disconnect();
    };
  }, [area]);
  useEffect(() => {
    relabelStylePicker(root.current);
    const toolbar = toolbarOf();
    if (area && toolbar) nameToolbar(toolbar, texts);
  }, [texts, area]);

  // The editing area is a multi-line text box named by its field's label (or heading), described by its error.
  useEffect(() => {
    if (!area) return;
    const attr = (name: string, value: string | undefined | false) => (value ? area.setAttribute(name, value) : area.removeAttribute(name));
    if (id) area.id = id;
    const label = id ? area.ownerDocument.querySelector<HTMLElement>(`label[for="${CSS.escape(id)}"]`) : null;
    if (label && !label.id) label.id = `${id}-label`;
    const named = labelledBy ?? label?.id;
    attr('role', 'textbox');
    attr('aria-multiline', 'true');
    attr('aria-labelledby', named);
    // Without anything to name it, what it asks for.
    attr('aria-label', !named && t('editor.placeholder'));
    attr('aria-placeholder', t('editor.placeholder'));
    // Given, they are this editor's to say; not given, they may be said by a field around it (the content editor's Field).
    if (describedBy !== undefined) attr('aria-describedby', describedBy);
    if (invalid !== undefined) attr('aria-invalid', invalid && 'true');
    attr('aria-required', required && 'true');
    attr('aria-readonly', readOnly && 'true');
    const focus = () => quill.current?.focus();
    label?.addEventListener('click', focus);
    return () => label?.removeEventListener('click', focus);
  }, [area, id, labelledBy, describedBy, invalid, required, readOnly, t]);

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
  // Tab leaves the text for the next field (Shift+Tab for the toolbar) instead of typing a tab,
  // which a published page shows as one space anyway; at the start of a list item it still indents.
  const modules = useMemo(() => ({
    keyboard: { bindings: { tab: { key: 'Tab', handler: () => true } } },
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
        pt={{ toolbar: { role: 'toolbar', 'aria-label': texts.toolbar } }}
        modules={modules}
        // Semantic HTML (real lists, tables), not Quill's internal markup: see quill-html.ts.
        onTextChange={(e) => {
          const html = quill.current ? semanticHtml(quill.current) : (e.htmlValue ?? '');
          onChange(library ? swapApiBase(html, API_BASE, API_PREFIX) : html);
        }}
        onLoad={(q) => {
          quill.current = q as QuillLike;
          relabelStylePicker(root.current);
          setArea(quill.current.root);
          // The link box stays inside the editor: placed against the whole page (Quill's default), a
          // selection at the left edge put its start, "Enter link:", out of the editor's box, which clips it.
          const tooltip = (q as { theme?: { tooltip?: { boundsContainer?: HTMLElement } } }).theme?.tooltip;
          if (tooltip && quill.current.root.parentElement) tooltip.boundsContainer = quill.current.root.parentElement;
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
