import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { fileUrl } from '../../../../components/widgets/ImagePreview.tsx';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import type { LibraryItem } from '../../../../components/cms/resource-api.ts';
import { Field, Section } from '../Field.tsx';
import { contentLabel } from '../labels.ts';
import { emptyAudio, type AudioItem } from '../model.ts';
import { mediaFacts } from '../editor-api.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';
import { useDragOrder } from './use-drag-order.ts';
import { ItemTools } from './ItemTools.tsx';
import { DurationField, FactsNote, NumberField } from './media-fields.tsx';

const ResourcePicker = lazy(() => import('../../../../components/cms/ResourcePicker.tsx').then((m) => ({ default: m.ResourcePicker })));
type Facts = 'reading' | 'read' | 'partial' | 'none' | null;

/**
 * An audio content: its tracks in order, each a file of the library with its title, author,
 * description and technical facts. Choosing a file fills the facts the server reads from it
 * (format, duration, bit rate, sampling rate, channels); the player's own duration fills in when
 * the file declares none.
 */
export function AudioList({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const ro = ed.readOnly;
  const [picking, setPicking] = useState<number | null>(null);
  const [facts, setFacts] = useState<Record<string, Facts>>({});
  const setAudios = (audios: AudioItem[]) => ed.set('audios', audios);
  const patchByKey = (key: string, p: Partial<AudioItem>) => ed.update((x) => ({ ...x, audios: x.audios.map((a) => (a.key === key ? { ...a, ...p } : a)) }));
  const { props, move } = useDragOrder(f.audios, setAudios, !ro);
  const error = Object.entries(ed.errors).find(([k]) => k === 'audios' || k.startsWith('audios.'))?.[1];

  async function chose(index: number, item: LibraryItem) {
    const current = index < f.audios.length ? f.audios[index]! : emptyAudio();
    const next: AudioItem = { ...current, path: item.src, fileSize: item.fileSize, title: current.title || item.name, format: item.suffix };
    setAudios(index < f.audios.length ? f.audios.map((a, j) => (j === index ? next : a)) : [...f.audios, next]);
    setFacts((s) => ({ ...s, [next.key]: 'reading' }));
    try {
      const m = await mediaFacts(item.resourceId);
      patchByKey(next.key, { format: m.format ?? next.format, duration: m.duration, bitRate: m.bitRate, samplingRate: m.samplingRate, channels: m.channels });
      const known = [m.duration, m.bitRate, m.samplingRate, m.channels].filter((v) => v !== null).length;
      setFacts((s) => ({ ...s, [next.key]: known === 4 ? 'read' : known ? 'partial' : 'none' }));
    } catch {
      setFacts((s) => ({ ...s, [next.key]: 'none' }));
    }
  }

  return (
    <Section title={<>{contentLabel('audios')} <span className="ce-count">{f.audios.length}</span></>} testId="ce-audios"
      actions={ro ? null : <Button type="button" size="small" icon="pi pi-volume-up" label={t('audio.add')} onClick={() => setPicking(f.audios.length)} />}>
      {error ? <small className="p-error ce-error" data-testid="error-audios" role="alert">{error}</small> : null}
      {f.audios.length ? (
        <ol className="ce-items">
          {f.audios.map((a, i) => (
            <li key={a.key} className="ce-item ce-media-item" {...props(i)} data-testid="ce-audio-item">
              <div className="ce-media-file">
                {a.path ? (
                  <audio controls preload="metadata" src={fileUrl(a.path)}
                    onLoadedMetadata={(e) => { const d = e.currentTarget.duration; if (!a.duration && Number.isFinite(d) && d > 0) patchByKey(a.key, { duration: Math.round(d) }); }} />
                ) : <span className="ce-muted">{t('media.noFile')}</span>}
                {ro ? null : <Button type="button" size="small" outlined icon="pi pi-folder-open" label={a.path ? t('media.replace') : t('media.choose')} onClick={() => setPicking(i)} />}
                <FactsNote state={facts[a.key] ?? null} />
              </div>
              <div className="ce-item-fields ce-grid-2">
                <Field name={`audio-title-${i}`} label={contentLabel('title')}>
                  <InputText id={`ce-audio-title-${i}`} value={a.title} disabled={ro} onChange={(e) => patchByKey(a.key, { title: e.target.value })} />
                </Field>
                <Field name={`audio-author-${i}`} label={contentLabel('author')}>
                  <InputText id={`ce-audio-author-${i}`} value={a.author} disabled={ro} onChange={(e) => patchByKey(a.key, { author: e.target.value })} />
                </Field>
                <Field name={`audio-description-${i}`} label={contentLabel('description')} wide>
                  <InputTextarea id={`ce-audio-description-${i}`} rows={2} autoResize value={a.description} disabled={ro} onChange={(e) => patchByKey(a.key, { description: e.target.value })} />
                </Field>
                <Field name={`audio-format-${i}`} label={contentLabel('format')}>
                  <InputText id={`ce-audio-format-${i}`} value={a.format} disabled={ro} onChange={(e) => patchByKey(a.key, { format: e.target.value })} />
                </Field>
                <DurationField id={`audio-duration-${i}`} value={a.duration} readOnly={ro} onChange={(v) => patchByKey(a.key, { duration: v })} />
                <NumberField id={`audio-bitRate-${i}`} name="bitRate" value={a.bitRate} unit="bit/s" readOnly={ro} onChange={(v) => patchByKey(a.key, { bitRate: v })} />
                <NumberField id={`audio-samplingRate-${i}`} name="samplingRate" value={a.samplingRate} unit="Hz" readOnly={ro} onChange={(v) => patchByKey(a.key, { samplingRate: v })} />
                <NumberField id={`audio-channels-${i}`} name="channels" value={a.channels} readOnly={ro} onChange={(v) => patchByKey(a.key, { channels: v })} />
              </div>
              {ro ? null : <ItemTools index={i} count={f.audios.length} label={a.title || t('audio.nth', { n: i + 1 })} onMove={(by) => move(i, by)} onRemove={() => setAudios(f.audios.filter((_, j) => j !== i))} />}
            </li>
          ))}
        </ol>
      ) : <p className="ce-empty">{t('audio.empty')}</p>}
      {picking !== null ? (
        <Suspense fallback={null}>
          <ResourcePicker type="audio" onHide={() => setPicking(null)} onPick={(item) => { const i = picking; setPicking(null); void chose(i, item); }} />
        </Suspense>
      ) : null}
    </Section>
  );
}
