import { useId } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';

/** The workbench's keys (a key, a chord, or keys pressed one after the other), each with what it does (bench-keys.ts). */
const KEYS = [
  [['F6'], 'panels'],
  [['Shift+F6'], 'panelsBack'],
  [['Esc', 'Tab'], 'leave'],
  [['Ctrl+M'], 'tabMode'],
  [['Ctrl+S'], 'save'],
  [['←', '→'], 'tabs'],
] as const;

/**
 * The workbench's keyboard help: a button in its header opening the list of its keys under the
 * header, and the line shown over the editor while it has the focus (how to leave it).
 */
export function BenchKeysButton({ open, onToggle, controls }: { open: boolean; onToggle(): void; controls: string }) {
  const t = useT(templates);
  return (
    <Button
      type="button"
      size="small"
      text
      icon="pi pi-question-circle"
      aria-label={t('keys.button')}
      title={t('keys.button')}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid="bench-keys-button"
    />
  );
}

export function BenchKeysHelp({ id, onClose }: { id: string; onClose(): void }) {
  const t = useT(templates);
  return (
    // Esc in the help closes it (focus goes back to its button: the island).
    <section className="bench-keys" id={id} aria-labelledby={`${id}-title`} data-testid="bench-keys" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <h3 id={`${id}-title`}>{t('keys.title')}</h3>
      <dl>
        {KEYS.map(([keys, what]) => (
          <div key={what}>
            <dt>
              {keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>{t(`keys.${what}`)}</dd>
          </div>
        ))}
      </dl>
      <Button type="button" size="small" text icon="pi pi-times" aria-label={t('keys.close')} title={t('keys.close')} onClick={onClose} className="bench-keys-close" />
    </section>
  );
}

/** Over the editor while it has the focus: how to leave it. */
export function BenchEditorHint() {
  const t = useT(templates);
  return (
    <p className="bench-code-hint" aria-hidden="true">
      {t('keys.editorHint')}
    </p>
  );
}

export const useBenchKeysId = () => `bench-keys-${useId().replace(/:/g, '')}`;
