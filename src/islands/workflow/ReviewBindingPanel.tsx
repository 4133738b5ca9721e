import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import reviewNs from '../../lib/i18n/ns/review.ts';
import { message } from '../../stores/notify.ts';
import { FormRow } from '../../components/form/FormRow.tsx';
import { SelectInput, type SelectOption } from '../../components/widgets/SelectInput.tsx';
import { ModelStatus } from '../../../shared/workflow/keys.ts';
import { fetchBinding, saveBinding, type BindingState, type BindingTarget } from './review-api.ts';
import './review-binding.css';

/** The option meaning "no model of its own": a catalog then follows its site's default, a site publishes directly. */
const NONE = 0;

/**
 * Which review workflow reviews the contents of a site (its default) or of one catalog, with its
 * own Save (docs/review-workflows.md "Bindings"). Nothing is drawn when the binding cannot be read
 * (no right on it): the rest of the tab works without it.
 */
export function ReviewBindingPanel({ target, canEdit }: { target: BindingTarget; canEdit: boolean }) {
  const t = useT(reviewNs);
  const [state, setState] = useState<BindingState | null | 'hidden'>(null);
  const [chosen, setChosen] = useState<number>(NONE);
  const [saving, setSaving] = useState(false);
  const key = target.kind === 'site' ? `s${target.siteId}` : `c${target.catalogId}`;

  useEffect(() => {
    let live = true;
    setState(null);
    fetchBinding(target)
      .then((s) => {
        if (!live) return;
        setState(s);
        setChosen(s.modelId ?? NONE);
      })
      .catch(() => live && setState('hidden'));
    return () => {
      live = false;
    };
    // The target is a fresh object each render; its identity is the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (state === 'hidden') return null;
  const nameOf = (id: number | null) => (state && id ? state.models.find((m) => m.modelId === id)?.name ?? `#${id}` : null);
  const siteDefault = state && target.kind === 'catalog' ? nameOf(state.siteModelId) : null;
  const noneLabel = target.kind === 'catalog'
    ? (siteDefault ? t('binding.siteDefault', { name: siteDefault }) : t('binding.siteDefaultNone'))
    : t('binding.none');
  const options: SelectOption[] = [
    { value: NONE, label: noneLabel },
    ...(state?.models ?? []).map((m) => ({ value: m.modelId, label: m.status === ModelStatus.SUSPENDED ? t('binding.suspended', { name: m.name }) : m.name })),
  ];
  const dirty = state !== null && chosen !== (state.modelId ?? NONE);
  const id = `review-binding-${key}`;

  async function save() {
    setSaving(true);
    try {
      await saveBinding(target, chosen === NONE ? null : chosen);
      setState((s) => (s && s !== 'hidden' ? { ...s, modelId: chosen === NONE ? null : chosen } : s));
      message.success(t('binding.saved'));
    } catch {
      // The request layer showed the server's reason (a model no longer deployed, a right withdrawn).
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="review-binding" aria-labelledby={`${id}-title`} aria-busy={state === null} data-testid="review-binding">
      <h3 id={`${id}-title`}>{t('binding.title')}</h3>
      <p className="review-binding-hint">{t(target.kind === 'site' ? 'binding.hintSite' : 'binding.hintCatalog')}</p>
      <FormRow id={id} label={t('binding.model')} testKey="reviewModel">
        <SelectInput inputId={id} value={chosen} options={options} disabled={!canEdit || state === null} onChange={(v) => setChosen(Number(v ?? NONE))} />
      </FormRow>
      {canEdit ? (
        <div className="review-binding-actions">
          <Button type="button" size="small" icon="pi pi-check" label={t('binding.save')} loading={saving} disabled={!dirty} onClick={() => void save()} data-testid="review-binding-save" />
        </div>
      ) : null}
    </section>
  );
}
