import { useState, type ReactNode } from 'react';
import { FormDialog } from '../form/FormDialog.tsx';
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
  return (
    <FormDialog formId="catalog-picker-form" header={header} width="480px" className="catalog-picker-dialog" testId={testId} saving={saving} submitDisabled={chosen === null} onSubmit={() => void submit()} onHide={onHide}>
      {hint ? <p className="catalog-picker-hint">{hint}</p> : null}
      <div className="catalog-picker-tree">
        <CatalogTree showRoot={showRoot} disableLink={disableLink} selection={chosen} onSelect={(id) => setChosen(id)} />
      </div>
    </FormDialog>
  );
}
