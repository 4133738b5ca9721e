import { useState } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import cms from '../../../lib/i18n/ns/cms.ts';
import { message } from '../../../stores/notify.ts';
import { batchAddTagWords } from './words-api.ts';

interface Props {
  group: { id: number; name: string };
  onDone(): void;
  onHide(): void;
}

/** Many tag words into one group, one per line: those the group has are reported, not doubled. */
export function BatchAddDialog({ group, onDone, onHide }: Props) {
  const t = useT(cms);
  const [words, setWords] = useState('');
  const [saving, setSaving] = useState(false);
  async function submit() {
    setSaving(true);
    try {
      const r = await batchAddTagWords(group.id, words);
      const params = { added: r.added.length, skipped: r.skipped.join(translate('cms:site.nameSeparator')) };
      if (r.skipped.length) message.warning(translate('screens:tagWord.batchSkipped', params));
      else message.success(translate('screens:tagWord.batchAdded', params));
      onDone();
    } catch {
      setSaving(false);
    }
  }
  return (
    <FormDialog formId="word-batch-form" header={t('word.batchTitle', { name: group.name })} width="480px" testId="word-batch-dialog"
      saving={saving} dirty={!!words.trim()} onSubmit={() => void submit()} onHide={onHide}>
      <FormRow id="word-batch-words" label={t('word.batchWords')} required testKey="words">
        <InputTextarea id="word-batch-words" value={words} rows={10} className="w-full" autoFocus onChange={(e) => setWords(e.target.value)} />
      </FormRow>
    </FormDialog>
  );
}
