import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { previewRoute, type PreviewTarget } from '../../lib/cms/preview-link.ts';
import { go, hrefOf } from '../../lib/routes/navigation.ts';
import { loadPreferences } from '../../stores/preferences.ts';

/**
 * Opens the preview of a site, catalog or content: in a new browser tab when the user's preference
 * says so (preview and published-page links, the default), else in the console.
 */
export async function openPreview(target: PreviewTarget): Promise<void> {
  const prefs = await loadPreferences();
  if (prefs.openLinksInNewTab) open(hrefOf(previewRoute(target)), '_blank', 'noopener');
  else await go(previewRoute(target));
}

/** The Preview button of a site, catalog or content (site list, catalog tree, content list rows, content editor). */
export function PreviewButton({ target, name, label = true, outlined = false, disabled = false, testId }: { target: PreviewTarget | null; name: string; label?: boolean; outlined?: boolean; disabled?: boolean; testId?: string }) {
  const t = useT(cms);
  const tip = target ? t(`preview.of${target.type === 'site' ? 'Site' : target.type === 'catalog' ? 'Catalog' : 'Content'}`, { name }) : t('preview.action');
  return (
    <Button type="button" text={!outlined} outlined={outlined} severity={outlined ? 'secondary' : undefined} size="small" icon="pi pi-eye" label={label ? t('preview.action') : undefined} aria-label={tip} title={tip}
      disabled={disabled || !target} onClick={() => target && void openPreview(target)} data-testid={testId ?? (target ? `preview-${target.type}-${target.id}` : 'preview')} />
  );
}
