import { useId, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { message } from '../../stores/notify.ts';
import { FormDialog } from '../form/FormDialog.tsx';
import { fileUrl } from '../widgets/ImagePreview.tsx';
import { takePoster } from './image-tools-api.ts';
import type { LibraryItem } from './resource-api.ts';
import './image-tools.css';

/**
 * A video's poster frame (issue 29 §5): the player to find the moment, the second (typed, or taken
 * from the player), and the server takes the frame with ffmpeg, stores it as a library image and
 * links it to the video. The server's message says why it could not (past the end, no ffmpeg).
 */
export default function PosterDialog({ item, onTaken, onHide }: { item: LibraryItem; onTaken(): void; onHide(): void }) {
  const t = useT(cms);
  const id = useId();
  const player = useRef<HTMLVideoElement>(null);
  const [second, setSecond] = useState('0');
  const [busy, setBusy] = useState(false);

  async function take() {
    setBusy(true);
    try {
      const r = await takePoster({ resourceId: item.resourceId, second: Number(second) || 0 });
      message.success(t('resource.poster.taken', { name: r?.poster.name ?? '' }));
      onTaken();
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      formId={`${id}-form`} header={t('resource.poster.title', { name: item.name })} width="720px" testId="poster-tools"
      saving={busy} submitLabel={t('resource.poster.submit')} submitIcon="pi pi-camera" onSubmit={() => void take()} onHide={onHide}
    >
      <div className="poster-tools">
        <video ref={player} src={fileUrl(item.src)} controls preload="metadata" aria-label={item.name} />
        <div className="poster-tools-row">
          <div className="image-tools-field">
            <label htmlFor={`${id}-second`}>{t('resource.poster.second')}</label>
            <InputText id={`${id}-second`} type="number" min={0} step={0.1} value={second} onChange={(e) => setSecond(e.target.value)} aria-describedby={`${id}-hint`} />
          </div>
          <Button type="button" outlined icon="pi pi-clock" label={t('resource.poster.fromPlayer')} onClick={() => setSecond(String(Math.floor((player.current?.currentTime ?? 0) * 10) / 10))} />
        </div>
        <p id={`${id}-hint`} className="image-tools-note">{t('resource.poster.hint')}</p>
      </div>
    </FormDialog>
  );
}
