import { useState } from 'react';
import { Button } from '../../components/widgets/light-prime.tsx';
import { SearchIcon } from 'primereact/icons/search';
import { RefreshIcon } from 'primereact/icons/refresh';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { labelOf, searchFields, type Filters } from '../../lib/resources/client.ts';
import { useT, useLocale } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import { SimpleFieldInput } from './SimpleFieldInput.tsx';
import { DateTimeInput } from '../../components/widgets/DateTimeInput.tsx';

interface Props {
  def: ResourceDef;
  onSearch(filters: Filters): void;
}

/** The search form of a definition's filters (those an extension sets stay out); a 'range' filter is two date-time pickers (beginTime/endTime). */
export function SearchForm({ def, onSearch }: Props) {
  const t = useT(resource);
  const lng = useLocale();
  const [draft, setDraft] = useState<Filters>({});
  const set = (name: string, value: Filters[string]) => setDraft((d) => ({ ...d, [name]: value }));
  return (
    <form
      className="resource-search"
      data-testid="resource-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft);
      }}
    >
      {searchFields(def).map(([name, f]) => {
        const label = labelOf(name, f, lng);
        const id = `search-${name}`;
        if (f.filter === 'range') {
          const [begin, end] = Array.isArray(draft[name]) ? (draft[name] as [Date | null, Date | null]) : [null, null];
          return (
            <div key={name} className="resource-search-item resource-search-range">
              <label htmlFor={`${id}-begin`}>{label}</label>
              <DateTimeInput waitUntilTouched id={`${id}-begin`} value={begin} placeholder={t('beginTime')} onChange={(d) => set(name, [d, end])} />
              <span className="resource-search-dash">-</span>
              <DateTimeInput waitUntilTouched id={`${id}-end`} value={end} placeholder={t('endTime')} onChange={(d) => set(name, [begin, d])} />
            </div>
          );
        }
        return (
          <div key={name} className="resource-search-item">
            <label htmlFor={id}>{label}</label>
            <SimpleFieldInput
              id={id}
              name={name}
              field={f}
              variant="search"
              value={draft[name] ?? ''}
              placeholder={t(f.dict || f.options ? 'choose' : 'placeholder', { field: label })}
              onChange={(v) => set(name, String(v ?? ''))}
            />
          </div>
        );
      })}
      <div className="resource-search-item resource-search-buttons">
        <Button type="submit" size="small" icon={<SearchIcon />} label={t('search')} />
        <Button
          type="button"
          size="small"
          outlined
          severity="secondary"
          icon={<RefreshIcon />}
          label={t('reset')}
          onClick={() => {
            setDraft({});
            onSearch({});
          }}
        />
      </div>
    </form>
  );
}
