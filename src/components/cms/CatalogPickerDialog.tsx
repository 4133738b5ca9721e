import { useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { translate } from '../../lib/i18n/i18n.ts';
// The dialog buttons' texts (submit, cancel) live in the resource namespace.
import '../../lib/i18n/ns/resource.ts';
import { CatalogTree } from './CatalogTree.tsx';

interface Props {
  header: string;
  /** a line above the tree saying what choosing does */
  hint?: ReactNode;
  /** the site as a choice (ROOT_ID): "the top level" */
  showRoot?: boolean;
  disableLink?: boolean;
  /** runs the action; the dialog stays open (with the server's message shown) when it fails */
  onPick(catalogId: number): Promise<unknown>;
  onHide(): void;
  testId?: string;
}

/** Chooses one catalog of the current site in a dialog (moving a catalog, moving contents). */
export function CatalogPickerDialog({ header, hint, showRoot, disableLink, onPick, onHide, testId }: Props) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (chosen === null) return;
    setSaving(true);
    try {
      await onPick(chosen);
    } catch {
      // The request layer has shown why (e.g. "cannot move under itself").
    } finally {
      setSaving(false);
    }
  };
  const footer = (
    <div className="resource-dialog-footer">
      <Button type="button" size="small" label={translate('resource:submit')} loading={saving} disabled={chosen === null} onClick={() => void submit()} />
      <Button type="button" size="small" outlined severity="secondary" label={translate('resource:cancel')} onClick={onHide} />
    </div>
  );
  return (
    <Dialog visible header={header} footer={footer} onHide={onHide} style={{ width: 'min(480px, 95vw)' }} className="catalog-picker-dialog" data-testid={testId} blockScroll>
      {hint ? <p className="catalog-picker-hint">{hint}</p> : null}
      <div className="catalog-picker-tree">
        <CatalogTree showRoot={showRoot} disableLink={disableLink} selection={chosen} onSelect={(id) => setChosen(id)} />
      </div>
    </Dialog>
  );
}
