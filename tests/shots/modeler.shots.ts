import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { adminToken, createModel, SERVICE_TASK_BPMN } from '../browser/modeler-world.ts';
import { applyChanges, candidatesChange, nameChange } from '../../src/lib/workflow/bpmn-properties.ts';
import { defaultDiagram } from '../../src/lib/workflow/default-diagram.ts';
import { readModel } from '../../src/lib/workflow/test-models.ts';

// Issue 32 item 4's designer for a person to look at (docs/screenshots.md): a deployed one-step
// review with its step selected (the properties panel with candidates), the versions dialog, and a
// deploy refused in place, in zh-CN, zh-TW and en at 1440 and 800 px.

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'modelershots' });

async function save(name: string, tag: string) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
}

it('saves the review designer', async () => {
  mkdirSync(DIR, { recursive: true });
  const modelId = await createModel(h, 'article_review', 'Article review');
  const m = await readModel(defaultDiagram('article_review', 'Review'));
  applyChanges([...nameChange(m.byId('Task_1'), 'Desk check'), ...candidatesChange(m.byId('Task_1'), 'users', ['modelershots']), ...candidatesChange(m.byId('Task_1'), 'groups', ['editor'])]);
  const token = await adminToken(h);
  await h.server.api('PUT', `/workflow/model/${modelId}/xml`, { token, body: { xml: await m.write() } });
  await h.server.api('POST', `/workflow/model/${modelId}/deploy`, { token });

  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen(`/admin/workflow/model/design?modelId=${modelId}`, '[data-testid=modeler-screen][data-ready=true]');
    const task = (await h.page.locator('.djs-element[data-element-id="Task_1"]').boundingBox())!;
    await h.page.mouse.click(task.x + task.width / 2, task.y + task.height / 2);
    await h.page.getByTestId('modeler-users').waitFor();
    await save('modeler-step', tag);
    await h.page.getByTestId('modeler-versions-button').click();
    await h.page.locator('[data-testid=modeler-versions] tbody tr').first().waitFor();
    await save('modeler-versions', tag);
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('modeler-import-file').setInputFiles({ name: 'mail.bpmn', mimeType: 'application/xml', buffer: Buffer.from(SERVICE_TASK_BPMN) });
    await h.page.locator('.djs-element[data-element-id="Mailer"]').waitFor();
    await h.page.getByTestId('modeler-deploy').click();
    await h.page.getByTestId('modeler-problem').waitFor();
    await save('modeler-refused', tag);
    // The good draft back, for the next language.
    await h.server.api('PUT', `/workflow/model/${modelId}/xml`, { token, body: { xml: await m.write() } });
  }, [1440, 800]);
});
