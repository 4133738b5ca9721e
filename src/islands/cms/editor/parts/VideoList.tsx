import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { fileUrl } from '../../../../components/widgets/ImagePreview.tsx';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { VIDEO_CODE_PATTERN } from '../../../../../shared/resources/cms/content.ts';
import { ImageUpload } from '../../../../components/widgets/ImageUpload.tsx';
import { ONE_IMAGE } from '../../../../components/widgets/upload-rules.ts';
import type { LibraryItem } from '../../../../components/cms/resource-api.ts';
import { Field, Section } from '../Field.tsx';
import { contentLabel } from '../labels.ts';
import { emptyVideo, type VideoItem } from '../model.ts';
import { mediaFacts } from '../editor-api.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';
import { useDragOrder } from './use-drag-order.ts';
import { ItemTools } from './ItemTools.tsx';
import { DurationField, FactsNote, NumberField } from './media-fields.tsx';
import { translate } from '../../../../lib/i18n/i18n.ts';

const ResourcePicker = lazy(() => import('../../../../components/cms/ResourcePicker.tsx').then((m) => ({ default: m.ResourcePicker })));
type Facts = 'reading' | 'read' | 'partial' | 'none' | null;

/** The message the server gives for a player code that is not an http(s) iframe, shown as it is typed. */
const codeProblem = (code: string) => (code.trim() && !VIDEO_CODE_PATTERN.test(code) ? translate('validation:videoCode', { field: translate('fields:content.code') }) : '');

/**
 * A video content: its videos in order, each a file of the library (its resolution and duration
 * read by the browser's player, frame rate and format from the file by the server) or a
 * third-party player's code, with title, description and cover.
 */
export function VideoList({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const ro = ed.readOnly;
  const [picking, setPicking] = useState<number | null>(null);
  const [facts, setFacts] = useState<Record<string, Facts>>({});
  const setVideos = (videos: VideoItem[]) => ed.set('videos', videos);
  const patchByKey = (key: string, p: Partial<VideoItem>) => ed.update((x) => ({ ...x, videos: x.videos.map((v) => (v.key === key ? { ...v, ...p } : v)) }));
  const { props, move } = useDragOrder(f.videos, setVideos, !ro);
  const error = Object.entries(ed.errors).find(([k]) => k === 'videos' || k.startsWith('videos.'))?.[1];
  const sources = [{ value: 'file', label: t('video.fromFile') }, { value: 'code', label: t('video.fromCode') }];

  async function chose(index: number, item: LibraryItem) {
    const current = f.videos[index]!;
    patchByKey(current.key, { path: item.src, fileSize: item.fileSize, title: current.title || item.name, format: item.suffix });
    setFacts((s) => ({ ...s, [current.key]: 'reading' }));
    try {
      const m = await mediaFacts(item.resourceId);
      ed.update((x) => ({ ...x, videos: x.videos.map((v) => (v.key !== current.key ? v : {
        ...v,
        format: m.format ?? v.format,
        frameRate: m.frameRate ?? v.frameRate,
        duration: m.duration ?? v.duration,
        resolution: m.width && m.height ? `${m.width}x${m.height}` : v.resolution,
      })) }));
      setFacts((s) => ({ ...s, [current.key]: m.frameRate ? 'read' : 'partial' }));
    } catch {
      setFacts((s) => ({ ...s, [current.key]: 'partial' }));
    }
  }

  return (
    <Section title={<>{contentLabel('videos')} <span className="ce-count">{f.videos.length}</span></>} testId="ce-videos"
      actions={ro ? null : <Button type="button" size="small" icon="pi pi-video" label={t('video.add')} onClick={() => setVideos([...f.videos, emptyVideo()])} />}>
      {error ? <small className="p-error ce-error" data-testid="error-videos" role="alert">{error}</small> : null}
      {f.videos.length ? (
        <ol className="ce-items">
          {f.videos.map((v, i) => {
            const problem = v.source === 'code' ? codeProblem(v.code) : '';
            return (
              <li key={v.key} className="ce-item ce-media-item" {...props(i)} data-testid="ce-video-item">
                <div className="ce-media-file">
                  <SelectButton value={v.source} options={sources} allowEmpty={false} disabled={ro} onChange={(e) => e.value && patchByKey(v.key, { source: e.value as VideoItem['source'] })} />
                  {v.source === 'file' ? (
                    <>
                      {v.path ? (
                        <video controls preload="metadata" src={fileUrl(v.path)} className="ce-video-preview"
                          onLoadedMetadata={(e) => {
                            const el = e.currentTarget;
                            const p: Partial<VideoItem> = {};
                            if (el.videoWidth && el.videoHeight && !v.resolution) p.resolution = `${el.videoWidth}x${el.videoHeight}`;
                            if (Number.isFinite(el.duration) && el.duration > 0 && !v.duration) p.duration = Math.round(el.duration);
                            if (Object.keys(p).length) patchByKey(v.key, p);
                          }} />
                      ) : <span className="ce-muted">{t('media.noFile')}</span>}
                      {ro ? null : <Button type="button" size="small" outlined icon="pi pi-folder-open" label={v.path ? t('media.replace') : t('media.choose')} onClick={() => setPicking(i)} />}
                      <FactsNote state={facts[v.key] ?? null} />
                    </>
                  ) : (
                    <Field name={`video-code-${i}`} label={contentLabel('code')} error={problem} hint={t('video.codeHint')}>
                      <InputTextarea id={`ce-video-code-${i}`} rows={4} value={v.code} disabled={ro} invalid={!!problem} placeholder={'<iframe src="https://player.example.com/embed/…"></iframe>'}
                        onChange={(e) => patchByKey(v.key, { code: e.target.value })} />
                    </Field>
                  )}
                </div>
                <div className="ce-item-fields ce-grid-2">
                  <Field name={`video-title-${i}`} label={contentLabel('title')}>
                    <InputText id={`ce-video-title-${i}`} value={v.title} disabled={ro} onChange={(e) => patchByKey(v.key, { title: e.target.value })} />
                  </Field>
                  <Field name={`video-resolution-${i}`} label={contentLabel('resolution')} hint={t('video.resolutionHint')}>
                    <InputText id={`ce-video-resolution-${i}`} value={v.resolution} placeholder="1920x1080" disabled={ro} onChange={(e) => patchByKey(v.key, { resolution: e.target.value })} />
                  </Field>
                  <Field name={`video-description-${i}`} label={contentLabel('description')} wide>
                    <InputTextarea id={`ce-video-description-${i}`} rows={2} autoResize value={v.description} disabled={ro} onChange={(e) => patchByKey(v.key, { description: e.target.value })} />
                  </Field>
                  <NumberField id={`video-frameRate-${i}`} name="frameRate" value={v.frameRate} unit="fps" readOnly={ro} onChange={(x) => patchByKey(v.key, { frameRate: x })} />
                  <DurationField id={`video-duration-${i}`} value={v.duration} readOnly={ro} onChange={(x) => patchByKey(v.key, { duration: x })} />
                  <Field name={`video-cover-${i}`} label={contentLabel('cover')} wide>
                    {ro ? (v.cover ? <img className="ce-logo-readonly" src={fileUrl(v.cover)} alt="" /> : <span className="ce-muted">—</span>)
                      : <ImageUpload value={v.cover} library limits={ONE_IMAGE} showTip={false} onChange={(x) => patchByKey(v.key, { cover: x.split(',').filter(Boolean)[0] ?? '' })} />}
                  </Field>
                </div>
                {ro ? null : <ItemTools index={i} count={f.videos.length} label={v.title || t('video.nth', { n: i + 1 })} onMove={(by) => move(i, by)} onRemove={() => setVideos(f.videos.filter((_, j) => j !== i))} />}
              </li>
            );
          })}
        </ol>
      ) : <p className="ce-empty">{t('video.empty')}</p>}
      {picking !== null ? (
        <Suspense fallback={null}>
          <ResourcePicker type="video" onHide={() => setPicking(null)} onPick={(item) => { const i = picking; setPicking(null); void chose(i, item); }} />
        </Suspense>
      ) : null}
    </Section>
  );
}
