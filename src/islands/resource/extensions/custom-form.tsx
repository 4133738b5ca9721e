import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { customFormResource } from '../../../../shared/resources/cms/custom-form.ts';
import { CustomFormStatus } from '../../../../shared/cms/custom-form.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions, ScreenApi } from '../types.ts';
import { FormModelName, FormModelPicker } from './form-models.tsx';
import { SitePipeTemplateInputs } from '../../cms/templates/PipeTemplateInputs.tsx';

const { api } = customFormResource;
const text = (key: string) => translate(`screens:customForm.${key}`);

/** Publish (writes its include in every pipe) or take offline, then the list again. */
async function setPublished(row: Row, api_: ScreenApi, publish: boolean) {
  try {
    await http.post(`${api}/${publish ? 'publish' : 'offline'}`, [row.formId], { headers: { repeatSubmit: false } });
    message.success(text(publish ? 'status_1' : 'status_0'));
  } finally {
    api_.reload();
  }
}

/**
 * Custom forms (/operations/customform): the model chosen by name, a template per pipe (left
 * alone on a new form: the theme's customform/form.template.html), the status as words, and
 * Publish or Take offline on each row (key cms:customform:publish); the entries open from the row
 * (the definition's drill-down).
 */
export const customFormExtensions: ResourceExtensions = {
  fields: { modelId: (p) => <FormModelPicker {...p} />, templates: (p) => <SitePipeTemplateInputs {...p} testId="form-template" /> },
  columns: {
    modelId: (row) => <FormModelName modelId={row.modelId} />,
    status: (row) => <span data-testid={`form-status-${String(row.code)}`}>{text(`status_${row.status === CustomFormStatus.PUBLISHED ? '1' : '0'}`)}</span>,
  },
  rowActions: (row, screen) => (
    <HasPermi anyOf={['cms:customform:publish']}>
      {row.status === CustomFormStatus.PUBLISHED
        ? <Button text size="small" icon="pi pi-eye-slash" label={text('offline')} onClick={() => void setPublished(row, screen, false)} data-testid={`form-offline-${String(row.code)}`} />
        : <Button text size="small" icon="pi pi-send" label={text('publish')} onClick={() => void setPublished(row, screen, true)} data-testid={`form-publish-${String(row.code)}`} />}
    </HasPermi>
  ),
};
