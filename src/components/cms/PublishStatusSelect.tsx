import { useDict } from '../widgets/DictTag.tsx';
import { SelectInput } from '../widgets/SelectInput.tsx';
import { CONTENT_STATUS_DICT, PUBLISHABLE_STATUSES } from '../../../shared/cms/content.ts';

/**
 * The status whose contents a site or catalog publish (re)publishes: the statuses the server
 * accepts, labelled by the CMSContentStatus dictionary in the reader's language.
 */
export function PublishStatusSelect({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const dict = useDict(CONTENT_STATUS_DICT);
  const options = PUBLISHABLE_STATUSES.map((status) => ({ value: status, label: dict?.find((o) => o.value === status)?.label ?? status }));
  return <SelectInput inputId={id} value={value} options={options} onChange={(v) => v !== null && onChange(String(v))} />;
}
