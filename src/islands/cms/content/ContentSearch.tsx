import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import { useT } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { CONTENT_ATTRIBUTE_DICT, CONTENT_SORTS, CONTENT_TYPES } from '../../../../shared/cms/content.ts';
import { EMPTY_FILTERS, type ContentFilters } from '../../../lib/cms/content-list.ts';
import { DateTimeInput } from '../../../components/widgets/DateTimeInput.tsx';
import { MultiSelectInput } from '../../../components/widgets/MultiSelectInput.tsx';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { useDict } from '../../../components/widgets/DictTag.tsx';
import { useStatusOptions } from './StatusTag.tsx';

interface Props {
  value: ContentFilters;
  onSearch(filters: ContentFilters): void;
  /** the recycle bin has no order to choose (newest deletion first) */
  sortable?: boolean;
  /** offers the full-text mode beside the title box (the content list): called with the title typed so far */
  onFullText?(query: string): void;
}

/** The list's filters (spec §2 Content List): title, type, status, attributes, a time range, and the order of spec §9. */
export function ContentSearch({ value, onSearch, sortable = true, onFullText }: Props) {
  const t = useT(contentNs);
  const [draft, setDraft] = useState<ContentFilters>(value);
  const statuses = useStatusOptions();
  const attributes = useDict(CONTENT_ATTRIBUTE_DICT) ?? [];
  const set = <K extends keyof ContentFilters>(key: K, v: ContentFilters[K]) => setDraft((d) => ({ ...d, [key]: v }));
  return (
    <form
      className="resource-search content-search"
      data-testid="content-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft);
      }}
    >
      <div className="resource-search-item">
        <label htmlFor="content-title">{t('filter.title')}</label>
        <InputText id="content-title" value={draft.title} placeholder={t('filter.title')} onChange={(e) => set('title', e.target.value)} />
        {onFullText ? (
          <Button type="button" size="small" outlined icon="pi pi-file-word" label={t('filter.fullText')} aria-pressed={false} onClick={() => onFullText(draft.title)} data-testid="content-full-text-toggle" />
        ) : null}
      </div>
      <div className="resource-search-item">
        <label htmlFor="content-type">{t('filter.type')}</label>
        <SelectInput inputId="content-type" value={draft.contentType || null} options={CONTENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} showClear placeholder={t('filter.all')} onChange={(v) => set('contentType', String(v ?? ''))} />
      </div>
      <div className="resource-search-item">
        <label htmlFor="content-status">{t('filter.status')}</label>
        <SelectInput inputId="content-status" value={draft.status || null} options={statuses} showClear placeholder={t('filter.all')} onChange={(v) => set('status', String(v ?? ''))} />
      </div>
      <div className="resource-search-item">
        <label htmlFor="content-attributes">{t('filter.attributes')}</label>
        <MultiSelectInput inputId="content-attributes" value={draft.attributes} options={attributes} placeholder={t('filter.all')} maxSelectedLabels={2} onChange={(v) => set('attributes', v)} />
      </div>
      <div className="resource-search-item">
        <Checkbox inputId="content-contributions" checked={!!draft.contribution} onChange={(e) => set('contribution', !!e.checked)} data-testid="content-contributions" />
        <label htmlFor="content-contributions">{t('filter.contributions')}</label>
      </div>
      <div className="resource-search-item resource-search-range">
        <label htmlFor="content-begin">{t('filter.created')}</label>
        <DateTimeInput waitUntilTouched id="content-begin" value={draft.begin} placeholder={t('filter.begin')} onChange={(d) => set('begin', d)} />
        <span className="resource-search-dash">-</span>
        <DateTimeInput waitUntilTouched id="content-end" value={draft.end} placeholder={t('filter.end')} onChange={(d) => set('end', d)} />
      </div>
      {sortable ? (
        <div className="resource-search-item">
          <label htmlFor="content-sort">{t('filter.sort')}</label>
          <SelectInput
            inputId="content-sort"
            value={draft.sort}
            options={CONTENT_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
            // The order applies at once: it changes how the list reads, not which contents it holds.
            onChange={(v) => {
              const sort = v as ContentFilters['sort'];
              setDraft({ ...draft, sort });
              onSearch({ ...value, sort });
            }}
          />
        </div>
      ) : null}
      <div className="resource-search-item resource-search-buttons">
        <Button type="submit" size="small" icon="pi pi-search" label={t('filter.search')} data-testid="content-search-submit" />
        <Button
          type="button"
          size="small"
          outlined
          severity="secondary"
          icon="pi pi-refresh"
          label={t('filter.reset')}
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onSearch(EMPTY_FILTERS);
          }}
        />
      </div>
    </form>
  );
}
