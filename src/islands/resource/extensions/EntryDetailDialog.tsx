import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { customFormDataResource } from '../../../../shared/resources/cms/custom-form.ts';
import { labelOf } from '../../../lib/resources/client.ts';
import { fileUrl } from '../../../components/widgets/ImagePreview.tsx';
import { entryValueText as valueText } from '../../../../shared/cms/custom-form.ts';
import { ENTRY_FRAME_CSP, richTextDocument } from './entry-values.ts';

interface EntryField {
  code: string;
  label: string;
  fieldType: string;
}
interface Entry {
  entryId: number;
  ip: string;
  createTime: string;
  values: Record<string, unknown>;
  fields: EntryField[];
}

const text = (key: string) => translate(`screens:customFormData.${key}`);

/**
 * A rich-text value as the reader's page would show it, inert: drawn in a frame sandboxed without
 * scripts (and a policy that runs none), from the value the server already sanitized on submit —
 * so even a `<script>` that got past would not run. Its source is one click away, as text.
 */
function RichValue({ html, label }: { html: string; label: string }) {
  return (
    <>
      <iframe sandbox="" srcDoc={richTextDocument(html)} title={label} style={{ width: '100%', minHeight: '8rem', border: '1px solid var(--surface-border, #ccc)' }} data-testid="entry-richtext" data-csp={ENTRY_FRAME_CSP} />
      <details>
        <summary>{text('source')}</summary>
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{html}</pre>
      </details>
    </>
  );
}

/** A reader's file: a link to it (the server sends documents as attachments, with our own type); an image also shown small. */
function FileValue({ src, image }: { src: string; image: boolean }) {
  const href = fileUrl(src);
  const name = src.split('/').pop() ?? src;
  return (
    <>
      {image ? <img src={href} alt="" style={{ display: 'block', maxWidth: '100%', maxHeight: '12rem' }} /> : null}
      <a href={href} target="_blank" rel="noopener noreferrer" download={image ? undefined : name}>{name}</a>
    </>
  );
}

/**
 * One entry of a form (GET …/data/detail): each field's label and value — text as text (React
 * escapes it: a submitted `<script>` shows as those characters), rich text in an inert frame,
 * files as links (images shown) — then the address and the time.
 */
export function EntryDetailDialog({ formId, entryId, onClose }: { formId: string; entryId: number; onClose(): void }) {
  const [entry, setEntry] = useState<Entry | null>(null);
  useEffect(() => {
    void http.get<Entry>(`${customFormDataResource.api}/detail`, { formId, dataId: entryId }).then((r) => setEntry(r.data ?? null), () => onClose());
  }, [formId, entryId]);
  return (
    <Dialog header={`${text('detail')} · ${entryId}`} visible onHide={onClose} style={{ width: 'min(44rem, 96vw)' }} data-testid="entry-detail">
      {entry ? (
        <dl className="entry-detail">
          {entry.fields.map((f) => {
            const v = entry.values[f.code];
            const shown = valueText(v);
            return (
              <div key={f.code}>
                <dt>{f.label}</dt>
                <dd data-testid={`entry-value-${f.code}`}>
                  {!shown ? <span className="text-color-secondary">{text('noValue')}</span> : f.fieldType === 'richtext' ? <RichValue html={shown} label={f.label} /> : f.fieldType === 'file' || f.fieldType === 'image' ? <FileValue src={shown} image={f.fieldType === 'image'} /> : <span style={{ whiteSpace: 'pre-wrap' }}>{shown}</span>}
                </dd>
              </div>
            );
          })}
          <div><dt>{labelOf('ip', customFormDataResource.fields.ip)}</dt><dd>{entry.ip}</dd></div>
          <div><dt>{labelOf('createTime', customFormDataResource.fields.createTime)}</dt><dd>{entry.createTime}</dd></div>
        </dl>
      ) : <p>{translate('common:loading')}</p>}
    </Dialog>
  );
}
