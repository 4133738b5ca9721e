import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { dynamicPageResource } from '../../../../shared/resources/cms/dynamic-page.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { ResourceScreen } from '../../resource/ResourceScreen.tsx';
import type { ResourceExtensions } from '../../resource/types.ts';
import type { PipeOption } from '../editor/editor-api.ts';
import { asTemplates, PipeTemplateInputs } from './PipeTemplateInputs.tsx';
import '../../resource/resource.css';
import { TEMPLATE_PERMS, workbenchLink } from './routes.ts';

/** The list's template column: each pipe's template, opening the workbench for those who may view templates. */
function TemplateLinks({ row }: { row: Row }) {
  const perms = usePermissions();
  const entries = Object.entries(asTemplates(row.templates));
  const open = allows(perms, TEMPLATE_PERMS.view);
  return (
    <ul className="dynamic-args">
      {entries.map(([pipe, path]) => (
        <li key={pipe}>
          <small className="staticize-meta">{pipe}</small>{' '}
          {open ? <a href={workbenchLink(pipe, path)} onClick={(e) => { e.preventDefault(); void go(workbenchLink(pipe, path)); }}><code>{path}</code></a> : <code>{path}</code>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The custom dynamic pages of the current site (cms_dynamic_page), as the resource screen of their
 * shared definition, with a template per enabled pipe in the form and each page's address as a link.
 */
export function DynamicPages({ pipes }: { pipes: PipeOption[] }) {
  const t = useT(templates);
  const extensions = useMemo<ResourceExtensions>(() => ({
    fields: { templates: (p) => <PipeTemplateInputs {...p} pipes={pipes} /> },
    columns: {
      templates: (row) => <TemplateLinks row={row} />,
      link: (row) => <a href={String(row.link)} target="_blank" rel="noopener noreferrer" title={t('dynamic.visit')}><code>{String(row.link)}</code> <i className="pi pi-external-link" aria-hidden="true" /></a>,
    },
  }), [pipes, t]);
  return <ResourceScreen def={dynamicPageResource} extensions={extensions} />;
}
