import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { cmsApi } from '../browser/cms-api.ts';

// Tools → Form Builder (issue 33 item 3) for a person to look at (docs/screenshots.md): a model of
// eight kinds opened, a field selected with its properties and the preview; a field with an error;
// the "save as a new custom form" dialog; in zh-CN, zh-TW and en at 1440 and 800 px.

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'fbshots' });

async function save(name: string, tag: string) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
}

const blank = { required: 'N', searchable: 'N', dictType: null, minLength: null, maxLength: null, pattern: null, minValue: null, maxValue: null, defaultValue: null };

it('saves the Form Builder', async () => {
  mkdirSync(DIR, { recursive: true });
  const api = await cmsApi(h, 'fbshots', 'Secret123');
  await api.ok('POST', '/cms/exmodel/design', {
    model: { name: 'Reader survey', code: 'survey', bindTo: 'form' },
    fields: [
      { ...blank, label: 'Name', code: 'name', fieldType: 'text', required: 'Y', maxLength: 40, searchable: 'Y' },
      { ...blank, label: 'Message', code: 'message', fieldType: 'textarea', maxLength: 500 },
      { ...blank, label: 'Age', code: 'age', fieldType: 'number', minValue: 1, maxValue: 120 },
      { ...blank, label: 'Visit date', code: 'visited', fieldType: 'date' },
      { ...blank, label: 'Subscribe', code: 'subscribe', fieldType: 'radio', dictType: 'YesOrNo' },
      { ...blank, label: 'Topics', code: 'topics', fieldType: 'checkbox', dictType: 'YesOrNo' },
      { ...blank, label: 'Photo', code: 'photo', fieldType: 'image' },
      { ...blank, label: 'Agree to terms', code: 'agree', fieldType: 'switch' },
    ],
  });
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/tool/build', '[data-testid=fb-designer] [data-kind=text]');
    await h.page.locator('.fb-model').click();
    await h.page.getByRole('option', { name: 'Reader survey (survey)' }).click();
    await h.page.locator('[data-testid=fb-field][data-code=age] .fb-select').click();
    await save('form-builder', tag);
    await h.page.locator('#ce-fb-minValue').fill('200');
    await save('form-builder-error', tag);
    await h.page.getByTestId('fb-undo').click();
    await h.page.getByTestId('fb-save-form').click();
    await h.page.locator('#ce-fb-as-name').waitFor();
    await save('form-builder-save-form', tag);
    await h.page.keyboard.press('Escape');
  }, [1440, 800]);
});
