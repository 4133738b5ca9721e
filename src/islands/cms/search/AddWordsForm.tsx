import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useT } from '../../../lib/i18n/react.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { WORD_TYPES, type WordType } from './search-api.ts';

/** Several words of one type at once, one a line (POST /search/dict takes a list). */
export function AddWordsForm({ initialType, onAdd, onCancel }: { initialType: WordType; onAdd(type: WordType, words: string[]): Promise<void>; onCancel(): void }) {
  const t = useT(searchNs);
  const id = useId();
  const [type, setType] = useState<WordType>(initialType);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const words = [...new Set(text.split(/\r?\n/).map((w) => w.trim()).filter(Boolean))];
  return (
    <form
      className="search-add-words"
      aria-labelledby={`${id}-h`}
      data-testid="search-dict-add"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void onAdd(type, words).finally(() => setBusy(false));
      }}
    >
      <h2 id={`${id}-h`} className="search-panel-title">{t('dict.addTitle')}</h2>
      <div className="search-add-row">
        <label htmlFor={`${id}-type`} className="search-field-label">{t('dict.wordType')}</label>
        <SelectInput inputId={`${id}-type`} value={type} options={WORD_TYPES.map((w) => ({ value: w, label: t(`dict.types.${w}`) }))} onChange={(v) => v && setType(v as WordType)} />
      </div>
      <label htmlFor={`${id}-words`} className="search-field-label">{t('dict.words')}</label>
      <InputTextarea id={`${id}-words`} value={text} rows={4} aria-describedby={`${id}-hint`} onChange={(e) => setText(e.target.value)} className="search-analyze-text" autoFocus />
      <small id={`${id}-hint`} className="search-hint">{t('dict.addHint')}</small>
      <div className="search-add-buttons">
        <Button type="submit" size="small" icon="pi pi-check" label={t('dict.save')} disabled={!words.length || busy} />
        <Button type="button" size="small" outlined severity="secondary" label={t('dict.cancel')} onClick={onCancel} />
      </div>
    </form>
  );
}
