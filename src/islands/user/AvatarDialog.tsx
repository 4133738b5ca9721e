import { useEffect, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import user from '../../lib/i18n/ns/user.ts';
import common from '../../lib/i18n/ns/common.ts';
import { message } from '../../stores/notify.ts';
import { fileUrl, uploadAvatar } from './api.ts';

/** Same limits as the server's (profile-avatar.ts): checked here so the user hears at once. */
const AVATAR_TYPES = ['png', 'jpg', 'jpeg'];
const AVATAR_MAX_MB = 2;

/** Choose an image, preview it, send it; the server checks type, size and content again. */
export function AvatarDialog({ visible, current, onHide, onSaved }: { visible: boolean; current: string; onHide(): void; onSaved(url: string): void }) {
  const t = useT(user);
  const c = useT(common);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // Each preview is an object URL; let the browser free the previous one.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (!visible) {
      setFile(null);
      setPreview('');
      setError('');
    }
  }, [visible]);

  const types = AVATAR_TYPES.map((x) => x.toUpperCase()).join(', ');
  function choose(f: File | undefined) {
    if (!f) return;
    const ext = f.name.split('.').pop()?.toLowerCase() ?? '';
    if (!AVATAR_TYPES.includes(ext) || !f.type.startsWith('image/')) {
      setError(t('avatar.typeError', { types }));
      return;
    }
    if (f.size > AVATAR_MAX_MB * 1024 * 1024) {
      setError(t('avatar.sizeError', { size: AVATAR_MAX_MB }));
      return;
    }
    setError('');
    setFile(f);
    setPreview(URL.createObjectURL(f));
  }

  async function submit() {
    if (!file) {
      setError(t('avatar.empty'));
      return;
    }
    setBusy(true);
    try {
      const url = await uploadAvatar(file, file.name);
      message.success(t('avatar.saved'));
      onSaved(url);
      onHide();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  const shown = preview || current;
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('avatar.title')}
      style={{ width: 'min(520px, calc(100vw - 32px))' }}
      draggable={false}
      footer={
        <div className="account-dialog-footer">
          <Button label={c('actions.cancel')} severity="secondary" outlined onClick={onHide} />
          <Button label={c('actions.ok')} onClick={() => void submit()} loading={busy} disabled={!file} data-testid="avatar-submit" />
        </div>
      }
    >
      <div className="avatar-editor">
        <div className="avatar-preview" aria-label={t('avatar.preview')}>
          {shown ? <img src={fileUrl(shown)} alt={t('avatar.preview')} /> : <span className="avatar-preview-empty">{t('avatar.preview')}</span>}
        </div>
        <div className="avatar-actions">
          <input
            ref={input}
            type="file"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            hidden
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="avatar-input"
          />
          <Button label={t('avatar.choose')} outlined onClick={() => input.current?.click()} />
          <p className="avatar-hint">{t('avatar.hint', { types, size: AVATAR_MAX_MB })}</p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  );
}
