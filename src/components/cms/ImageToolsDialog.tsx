import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { message } from '../../stores/notify.ts';
import { FormDialog } from '../form/FormDialog.tsx';
import { SelectInput } from '../widgets/SelectInput.tsx';
import { fileUrl } from '../widgets/ImagePreview.tsx';
import { ResourcePicker } from './ResourcePicker.tsx';
import { WATERMARK_POSITIONS, type WatermarkPosition } from '../../../shared/cms/resource-types.ts';
import { WATERMARK_DEFAULT_OPACITY, WATERMARK_MIN_RATIO } from '../../../shared/constants.ts';
import { cropOverflow, turnedSize, type CropRect, type ImageEditInput } from '../../../shared/cms/image-edit.ts';
import { previewImageEdit, saveImageEdit, siteWatermarkDefaults } from './image-tools-api.ts';
import type { LibraryItem } from './resource-api.ts';
import './image-tools.css';

type MarkKind = 'none' | 'image' | 'text';
interface MarkState {
  kind: MarkKind;
  imageId: number | null;
  imageName: string;
  text: string;
  color: string;
  position: WatermarkPosition;
  opacity: string;
  ratio: string;
}
const INITIAL_MARK: MarkState = { kind: 'none', imageId: null, imageName: '', text: '', color: '#FFFFFF', position: 'BOTTOM_RIGHT', opacity: String(WATERMARK_DEFAULT_OPACITY), ratio: '30' };

/** The crop rectangle the cropper reports, in whole pixels and inside the turned image. */
function fitted(d: { x: number; y: number; width: number; height: number }, size: { width: number; height: number }): CropRect {
  const x = Math.min(Math.max(0, Math.round(d.x)), size.width - 1);
  const y = Math.min(Math.max(0, Math.round(d.y)), size.height - 1);
  return { x, y, width: Math.max(1, Math.min(Math.round(d.width), size.width - x)), height: Math.max(1, Math.min(Math.round(d.height), size.height - y)) };
}

/**
 * The library's image tools (issue 29 §5): cropperjs on the stored image (loaded with this dialog,
 * only when it opens) to crop, turn and mirror, number fields for the crop rectangle (the keyboard's
 * way to crop), a watermark of an image or words, a preview drawn by the server, and Save, which
 * replaces the stored image. Until then nothing stored changes.
 */
export default function ImageToolsDialog({ item, onSaved, onHide }: { item: LibraryItem; onSaved(item: LibraryItem): void; onHide(): void }) {
  const t = useT(cms);
  const id = useId();
  const cropper = useRef<Cropper | null>(null);
  const [rotate, setRotate] = useState(0);
  const [flip, setFlip] = useState({ x: false, y: false });
  const [crop, setCrop] = useState<CropRect | null>(null);
  const [mark, setMark] = useState<MarkState>(INITIAL_MARK);
  const [picking, setPicking] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Cache-busting: after a save the same address holds another image.
  const [src] = useState(() => `${fileUrl(item.src)}?v=${Date.now()}`);
  const natural = { width: item.width ?? 1, height: item.height ?? 1 };
  const turned = turnedSize(natural.width, natural.height, rotate);

  // The dialog draws its content after it opens: the cropper starts when the image is in the page.
  const attach = useCallback((img: HTMLImageElement | null) => {
    if (!img || cropper.current) return;
    cropper.current = new Cropper(img, {
      viewMode: 1, autoCropArea: 1, zoomable: false, checkOrientation: false, background: false, responsive: true,
      crop: (e) => {
        const quarter = Math.abs(e.detail.rotate) % 180 === 90;
        setCrop(fitted(e.detail, quarter ? { width: natural.height, height: natural.width } : natural));
      },
    });
    // `natural` is the item's, fixed while the dialog is open.
  }, []);
  useEffect(() => () => {
    cropper.current?.destroy();
    cropper.current = null;
  }, []);

  useEffect(() => {
    void siteWatermarkDefaults().then((s) => {
      if (!s) return;
      setMark((m) => ({
        ...m, position: (s.WatermarkPosition as WatermarkPosition) || m.position, opacity: s.WatermarkOpacity || m.opacity, ratio: s.WatermarkRatio || m.ratio,
        text: s.WatermarkText || m.text, color: s.WatermarkColor || m.color,
        imageId: s.WatermarkImage ? Number(s.WatermarkImage) : m.imageId, imageName: s.WatermarkImage ? `#${s.WatermarkImage}` : m.imageName,
      }));
    });
  }, []);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const turn = (by: number) => {
    cropper.current?.rotate(by);
    setRotate((r) => (r + by + 360) % 360);
  };
  const mirror = (axis: 'x' | 'y') => {
    const next = { ...flip, [axis]: !flip[axis] };
    if (axis === 'x') cropper.current?.scaleX(next.x ? -1 : 1);
    else cropper.current?.scaleY(next.y ? -1 : 1);
    setFlip(next);
  };
  const reset = () => {
    cropper.current?.reset();
    setRotate(0);
    setFlip({ x: false, y: false });
  };
  const typeCrop = (key: keyof CropRect, value: string) => {
    if (!crop) return;
    const next = { ...crop, [key]: Math.max(0, Math.floor(Number(value) || 0)) };
    setCrop(next);
    if (!cropOverflow(next, turned) && next.width > 0 && next.height > 0) cropper.current?.setData(next);
  };

  /** The edit as the server takes it: only what differs from the stored image. */
  function edit(): ImageEditInput {
    const whole = !crop || (crop.x === 0 && crop.y === 0 && crop.width === turned.width && crop.height === turned.height);
    const out: ImageEditInput = { resourceId: item.resourceId };
    if (flip.x) out.flipX = true;
    if (flip.y) out.flipY = true;
    if (rotate) out.rotate = rotate as 90 | 180 | 270;
    if (!whole) out.crop = crop!;
    if (mark.kind !== 'none') {
      out.watermark = {
        type: mark.kind, position: mark.position, opacity: Number(mark.opacity), ratio: Number(mark.ratio),
        ...(mark.kind === 'image' ? { imageId: mark.imageId ?? undefined } : { text: mark.text, color: mark.color }),
      };
    }
    return out;
  }
  const changed = Object.keys(edit()).length > 1;

  async function showPreview() {
    setBusy(true);
    try {
      const r = await previewImageEdit(edit());
      if (r.ok) setPreview(URL.createObjectURL(r.blob));
      else message.error(r.message);
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    setBusy(true);
    try {
      const saved = await saveImageEdit(edit());
      message.success(t('resource.tools.saved', { name: item.name }));
      onSaved(saved ?? item);
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof CropRect) => (
    <div className="image-tools-field">
      <label htmlFor={`${id}-${key}`}>{t(`resource.tools.${key}`)}</label>
      <InputText id={`${id}-${key}`} type="number" min={0} value={crop ? String(crop[key]) : ''} onChange={(e) => typeCrop(key, e.target.value)} disabled={!!preview} />
    </div>
  );

  return (
    <>
    <FormDialog
      formId={`${id}-form`} header={t('resource.tools.title', { name: item.name })} width="1100px" testId="image-tools"
      saving={busy} submitLabel={t('resource.tools.save')} submitIcon="pi pi-save" submitDisabled={!changed} dirty={changed}
      onSubmit={() => void save()} onHide={onHide}
    >
      <div className="image-tools">
        <div className="image-tools-stage">
          <div className="image-tools-toolbar" role="toolbar" aria-label={t('resource.tools.edit')}>
            <Button type="button" size="small" outlined icon="pi pi-replay" label={t('resource.tools.rotateLeft')} onClick={() => turn(-90)} disabled={!!preview} />
            <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('resource.tools.rotateRight')} onClick={() => turn(90)} disabled={!!preview} />
            <Button type="button" size="small" outlined icon="pi pi-arrows-h" label={t('resource.tools.flipX')} aria-pressed={flip.x} onClick={() => mirror('x')} disabled={!!preview} />
            <Button type="button" size="small" outlined icon="pi pi-arrows-v" label={t('resource.tools.flipY')} aria-pressed={flip.y} onClick={() => mirror('y')} disabled={!!preview} />
            <Button type="button" size="small" text icon="pi pi-undo" label={t('resource.tools.reset')} onClick={reset} disabled={!!preview} />
          </div>
          <div className="image-tools-canvas" hidden={!!preview}>
            <img ref={attach} src={src} alt={item.name} />
          </div>
          {preview ? <img className="image-tools-preview" src={preview} alt={t('resource.tools.previewAlt')} data-testid="image-tools-preview" /> : null}
          <p className="image-tools-note">{t('resource.tools.original')}</p>
        </div>
        <div className="image-tools-side">
          <fieldset>
            <legend>{t('resource.tools.crop')}</legend>
            <div className="image-tools-grid">{field('x')}{field('y')}{field('width')}{field('height')}</div>
            {crop ? <p className="image-tools-note" aria-live="polite">{t('resource.tools.result', { width: crop.width, height: crop.height })}</p> : null}
          </fieldset>
          <fieldset>
            <legend>{t('resource.tools.watermark')}</legend>
            <SelectButton
              value={mark.kind} allowEmpty={false} disabled={!!preview} aria-label={t('resource.tools.watermark')}
              options={(['none', 'image', 'text'] as const).map((k) => ({ value: k, label: t(`resource.tools.watermarkKind.${k}`) }))}
              onChange={(e) => setMark({ ...mark, kind: e.value as MarkKind })}
            />
            {mark.kind === 'image' ? (
              <div className="image-tools-field">
                <span id={`${id}-mark`}>{t('resource.tools.markImage')}</span>
                <div className="image-tools-pick">
                  <span>{mark.imageId ? mark.imageName : t('resource.tools.noImage')}</span>
                  <Button type="button" size="small" outlined label={t('resource.tools.chooseImage')} aria-describedby={`${id}-mark`} onClick={() => setPicking(true)} disabled={!!preview} />
                </div>
              </div>
            ) : null}
            {mark.kind === 'text' ? (
              <div className="image-tools-grid">
                <div className="image-tools-field">
                  <label htmlFor={`${id}-text`}>{t('resource.tools.text')}</label>
                  <InputText id={`${id}-text`} value={mark.text} maxLength={50} onChange={(e) => setMark({ ...mark, text: e.target.value })} disabled={!!preview} />
                </div>
                <div className="image-tools-field">
                  <label htmlFor={`${id}-color`}>{t('resource.tools.color')}</label>
                  <input id={`${id}-color`} className="image-tools-color" type="color" value={mark.color} onChange={(e) => setMark({ ...mark, color: e.target.value.toUpperCase() })} disabled={!!preview} />
                </div>
              </div>
            ) : null}
            {mark.kind !== 'none' ? (
              <div className="image-tools-grid">
                <div className="image-tools-field">
                  <label htmlFor={`${id}-position`}>{t('resource.tools.position')}</label>
                  <SelectInput
                    inputId={`${id}-position`} value={mark.position} disabled={!!preview}
                    options={WATERMARK_POSITIONS.map((p) => ({ value: p, label: t(`settings.position.${p}`) }))}
                    onChange={(v) => setMark({ ...mark, position: (v as WatermarkPosition) ?? mark.position })}
                  />
                </div>
                <div className="image-tools-field">
                  <label htmlFor={`${id}-opacity`}>{t('resource.tools.opacity')}</label>
                  <InputText id={`${id}-opacity`} type="number" min={0} max={1} step={0.1} value={mark.opacity} onChange={(e) => setMark({ ...mark, opacity: e.target.value })} disabled={!!preview} />
                </div>
                <div className="image-tools-field">
                  <label htmlFor={`${id}-ratio`}>{t('resource.tools.ratio')}</label>
                  <InputText id={`${id}-ratio`} type="number" min={WATERMARK_MIN_RATIO} max={100} value={mark.ratio} onChange={(e) => setMark({ ...mark, ratio: e.target.value })} disabled={!!preview} />
                </div>
              </div>
            ) : null}
          </fieldset>
          {preview ? (
            <Button type="button" outlined icon="pi pi-pencil" label={t('resource.tools.backToEdit')} onClick={() => setPreview(null)} />
          ) : (
            <Button type="button" outlined icon="pi pi-eye" label={t('resource.tools.preview')} loading={busy} onClick={() => void showPreview()} data-testid="image-tools-show-preview" />
          )}
        </div>
      </div>
    </FormDialog>
      {picking ? (
        <ResourcePicker
          type="image"
          onPick={(picked) => {
            setMark({ ...mark, imageId: picked.resourceId, imageName: picked.name });
            setPicking(false);
          }}
          onHide={() => setPicking(false)}
        />
      ) : null}
    </>
  );
}
