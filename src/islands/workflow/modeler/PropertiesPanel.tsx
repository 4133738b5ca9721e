import { useEffect, useId, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Checkbox } from 'primereact/checkbox';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { MultiSelectInput } from '../../../components/widgets/MultiSelectInput.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import modeler from '../../../lib/i18n/ns/modeler.ts';
import {
  candidatesChange, conditionChange, defaultFlowChange, nameChange, readProperties,
  type BpmnObject, type Change, type CreateElement,
} from '../../../lib/workflow/bpmn-properties.ts';
import type { Choice } from './model-api.ts';

interface Props {
  /** the selected element's business object; null: nothing selected */
  selected: BpmnObject | null;
  /** moves each time the selected element changed (its properties are read again) */
  revision: number;
  readOnly: boolean;
  users: Choice[];
  roles: Choice[];
  create: CreateElement;
  onChange(changes: Change[]): void;
}

/** The choices, with the values already named that the lists lack (a user the list may not show). */
const withValues = (choices: Choice[], values: string[]): Choice[] =>
  [...choices, ...values.filter((v) => !choices.some((c) => c.value === v)).map((v) => ({ value: v, label: v }))];

/**
 * The properties of the selected element, as the server reads them (docs/review-workflows.md): a
 * name for steps, gateways and flows; a step's candidate users and roles; a gateway flow's
 * condition and whether it is the default. Texts are written when the field is left (or Enter), so
 * one edit is one step of the undo history.
 */
export function PropertiesPanel({ selected, revision, readOnly, users, roles, create, onChange }: Props) {
  const t = useT(modeler);
  const id = useId();
  const props = selected ? readProperties(selected) : null;
  const [name, setName] = useState('');
  const [condition, setCondition] = useState('');
  useEffect(() => {
    setName(props?.name ?? '');
    setCondition(props?.condition ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the element or its properties change
  }, [selected, revision]);

  if (!selected || !props) {
    return (
      <aside className="modeler-panel" aria-labelledby={`${id}-h`} data-testid="modeler-panel">
        <h2 id={`${id}-h`} className="modeler-panel-heading"><i className="pi pi-sitemap" aria-hidden="true" /> {t('panel.heading')}</h2>
        <p className="modeler-muted">{t('panel.nothing')}</p>
      </aside>
    );
  }
  const named = props.kind === 'userTask' || props.kind === 'gateway' || props.kind === 'flow' || props.kind === 'start' || props.kind === 'end';
  const commitName = () => {
    if (name.trim() !== props.name) onChange(nameChange(selected, name));
  };
  const commitCondition = () => {
    if (condition.trim() !== props.condition) onChange(conditionChange(selected, condition, create));
  };
  const onEnter = (commit: () => void) => (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') commit();
  };
  return (
    <aside className="modeler-panel" aria-labelledby={`${id}-h`} data-testid="modeler-panel">
      <h2 id={`${id}-h`} className="modeler-panel-heading"><i className="pi pi-sitemap" aria-hidden="true" /> {t('panel.heading')}</h2>
      <p className={`modeler-kind${props.kind === 'other' ? ' p-error' : ''}`} data-testid="modeler-kind">
        {props.kind === 'other' ? t('panel.kind.other', { type: props.type }) : t(`panel.kind.${props.kind}`)}
      </p>
      <div className="modeler-fields">
        <FormRow id={`${id}-id`} label={t('panel.id')} testKey="id">
          {(aria) => <InputText id={`${id}-id`} value={props.id} readOnly {...aria} />}
        </FormRow>
        {named ? (
          <FormRow id={`${id}-name`} label={t('panel.name')} testKey="name">
            {(aria) => (
              <InputText
                id={`${id}-name`} value={name} maxLength={200} readOnly={readOnly} {...aria}
                onChange={(e) => setName(e.target.value)} onBlur={commitName} onKeyDown={onEnter(commitName)}
                data-testid="modeler-name"
              />
            )}
          </FormRow>
        ) : null}
        {props.kind === 'userTask' ? (
          <>
            <FormRow id={`${id}-users`} label={t('panel.candidateUsers')} testKey="candidateUsers" hint={t('panel.candidatesHint')}>
              <div data-testid="modeler-users">
                <MultiSelectInput
                  inputId={`${id}-users`} chips filter value={props.candidateUsers} options={withValues(users, props.candidateUsers)}
                  placeholder={t('panel.pickUsers')} disabled={readOnly}
                  onChange={(values) => onChange(candidatesChange(selected, 'users', values))}
                />
              </div>
            </FormRow>
            <FormRow id={`${id}-roles`} label={t('panel.candidateGroups')} testKey="candidateGroups">
              <div data-testid="modeler-roles">
                <MultiSelectInput
                  inputId={`${id}-roles`} chips filter value={props.candidateGroups} options={withValues(roles, props.candidateGroups)}
                  placeholder={t('panel.pickRoles')} disabled={readOnly}
                  onChange={(values) => onChange(candidatesChange(selected, 'groups', values))}
                />
              </div>
            </FormRow>
          </>
        ) : null}
        {props.kind === 'flow' && props.fromGateway ? (
          <>
            <div className="modeler-check">
              <Checkbox
                inputId={`${id}-default`} checked={props.isDefault} disabled={readOnly} aria-describedby={`${id}-default-hint`}
                onChange={(e) => onChange(defaultFlowChange(selected, !!e.checked))} data-testid="modeler-default"
              />
              <label htmlFor={`${id}-default`}>{t('panel.isDefault')}</label>
              <small id={`${id}-default-hint`} className="modeler-muted">{t('panel.defaultHint')}</small>
            </div>
            {props.isDefault ? null : (
              <FormRow id={`${id}-cond`} label={t('panel.condition')} testKey="condition" hint={t('panel.conditionHint')}>
                {(aria) => (
                  <InputTextarea
                    id={`${id}-cond`} value={condition} rows={3} maxLength={1000} readOnly={readOnly} {...aria}
                    className="modeler-condition" spellCheck={false}
                    onChange={(e) => setCondition(e.target.value)} onBlur={commitCondition}
                    data-testid="modeler-condition"
                  />
                )}
              </FormRow>
            )}
          </>
        ) : null}
        {props.kind === 'flow' && !props.fromGateway ? <p className="modeler-muted">{t('panel.noCondition')}</p> : null}
      </div>
    </aside>
  );
}
