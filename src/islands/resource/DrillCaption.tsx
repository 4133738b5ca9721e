import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import type { PageCaption } from '../../../shared/resources/declare.ts';
import { http } from '../../lib/request.ts';
import { go } from '../../lib/routes/navigation.ts';
import { useT, useTranslate } from '../../lib/i18n/react.ts';
import common from '../../lib/i18n/ns/common.ts';
import type { Row } from '../../lib/resources/client.ts';

interface Props {
  def: ResourceDef;
  caption: PageCaption;
  /** the id of the row the page is opened on, from its query */
  id: string;
  /** where Back goes: the screen the page was opened from */
  back: string;
}

/**
 * The heading of a drill-down page (`page.caption`): names the row it is opened on (the group whose
 * links it lists), read from that row's resource, with a way back to the screen it came from. When
 * the row cannot be read (deleted meanwhile), the screen's title stands alone; the list says the rest.
 */
export function DrillCaption({ def, caption, id, back }: Props) {
  const t = useT(common);
  const translate = useTranslate();
  // undefined while it loads; null when it could not be read
  const [name, setName] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setName(undefined);
    http.get<Row>(`${caption.api}/${encodeURIComponent(id)}`, undefined, { headers: { ...def.headers }, quiet: true })
      .then((res) => live && setName(res.data?.[caption.field] == null ? null : String(res.data[caption.field])))
      .catch(() => live && setName(null));
    return () => {
      live = false;
    };
  }, [caption.api, caption.field, id, def.headers]);
  const heading = typeof name === 'string'
    ? translate(`screens:${def.name}.${caption.label}`, { name })
    : name === null && def.titleKey ? translate(def.titleKey) : '';
  return (
    <div className="resource-caption" data-testid="resource-caption">
      <Button type="button" text size="small" icon="pi pi-arrow-left" label={t('actions.back')} onClick={() => void go(back)} />
      <h2 title={heading}>{heading}</h2>
    </div>
  );
}
