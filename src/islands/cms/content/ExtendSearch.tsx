import { useEffect, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { useT } from '../../../lib/i18n/react.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';

interface Props {
  /** the list's type filter ('' for every type): the fields searched are those of its model */
  contentType: string;
  /** the search applied to the list ('' for none) */
  value: string;
  onSearch(text: string): void;
}

/**
 * The content list's search by extension fields (those marked "Searchable" on the site's content
 * models; the list's `?extend=`). Nothing when no field is searchable, so a site without models
 * sees the toolbar as before.
 */
export function ExtendSearch({ contentType, value, onSearch }: Props) {
  const t = useT(xmodelNs);
  const [fields, setFields] = useState<{ code: string; label: string }[]>([]);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    let live = true;
    http.get<{ code: string; label: string }[]>('/cms/exmodel/data/searchable', { contentType }, { quiet: true })
      .then((r) => live && setFields(r.data ?? []))
      .catch(() => live && setFields([]));
    return () => {
      live = false;
    };
  }, [contentType]);
  if (!fields.length) return null;
  const names = fields.map((f) => f.label).join(t('search.separator'));
  return (
    <form
      className="content-extend-search"
      role="search"
      aria-label={t('search.label')}
      data-testid="content-extend-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <InputText id="content-extend" type="search" value={text} placeholder={t('search.placeholder', { fields: names })} title={t('search.placeholder', { fields: names })}
        aria-label={t('search.label')} maxLength={100} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" size="small" outlined severity="secondary" icon="pi pi-search" aria-label={t('search.submit')} tooltip={t('search.submit')} tooltipOptions={{ position: 'top' }} />
    </form>
  );
}
