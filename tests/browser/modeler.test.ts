import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useHarness } from './harness.ts';
import { adminToken, createModel, GATEWAY_BPMN, SERVICE_TASK_BPMN } from './modeler-world.ts';
import { createUser, grantPermission } from '../../server/modules/auth/test-fixtures.ts';
import M from '../../shared/i18n/locales/zh-CN/modeler.ts';
import TW from '../../shared/i18n/locales/zh-TW/modeler.ts';
import { workflowModelResource } from '../../shared/resources/workflow/model.ts';

const MODEL = workflowModelResource.texts!.more!;

// Issue 32 item 4's designer: the administrator opens it from the model list's "Design", draws a
// two-step review with the palette's and context pad's own buttons (real pointer clicks), names the
// candidates in the properties panel, saves, deploys and finds the version; a model with an
// unsupported element is refused in the server's words; the screen speaks zh-TW (bpmn-js's palette
// included); a user with the view key only looks. Pictures: tests/shots/modeler.shots.ts.

const h = useHarness({ admin: 'modeleradmin' });
let modelId = 0;

beforeAll(async () => {
  modelId = await createModel(h, 'article_review', 'Article review');
}, 60_000);

const READY = '[data-testid=modeler-screen][data-ready=true]';
const shape = (id: string) => h.page.locator(`.djs-element[data-element-id="${id}"]`);
const padEntry = (action: string) => h.page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`);

const isSelected = (el: Locator) => el.evaluate((e) => e.classList.contains('selected'));

/**
 * Selects an element of the diagram by clicking it: a shape's middle, a straight flow near its end
 * (the source's context pad may cover its middle). Not when it is selected already (a click would
 * deselect it); again when a click did not select it, and failing names what took the click.
 */
async function clickElement(el: Locator, along = 0.5) {
  let hit = '';
  for (let i = 0; i < 3; i++) {
    if (await isSelected(el)) return;
    const box = (await el.boundingBox())!;
    const [x, y] = [box.x + box.width * along, box.y + box.height / 2];
    await h.page.mouse.click(x, y);
    try {
      await expect.poll(() => isSelected(el), { timeout: 2_000 }).toBe(true);
      return;
    } catch {
      hit = await h.page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.outerHTML.slice(0, 160) ?? 'nothing', [x, y]);
    }
  }
  throw new Error(`${await el.getAttribute('data-element-id')} is not selected after three clicks; the last one landed on ${hit}`);
}

/** Clicks a flow on its line, 60% along it (a bent or marked flow's box middle may be off the line). */
async function clickFlow(id: string) {
  const at = await h.page.locator(`.djs-element[data-element-id="${id}"] > .djs-visual > path`).evaluate((path: SVGPathElement) => {
    const p = path.getPointAtLength(path.getTotalLength() * 0.6);
    const m = path.getScreenCTM()!;
    return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
  });
  await h.page.mouse.click(at.x, at.y);
}

/** Picks options of a MultiSelect of the panel by their text, then closes it. */
async function pick(testId: string, labels: string[]) {
  // The widget itself, not the stand-in drawn while its code loads (aria-busy), which a click does not open.
  await h.page.locator(`[data-testid=${testId}] .p-multiselect:not([aria-busy])`).click();
  const panel = h.page.locator('.p-multiselect-panel');
  for (const label of labels) await panel.locator('li[role=option]', { hasText: label }).first().click();
  await h.page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

async function nameSelected(name: string) {
  const input = h.page.getByTestId('modeler-name');
  await input.fill(name);
  await input.press('Enter');
}

describe('the review designer', () => {
  it('opens from the model list and draws, saves and deploys a two-step review', async () => {
    await h.openScreen('/admin/workflow/model', '.resource-table tbody tr');
    await h.rowOf('article_review').getByRole('button', { name: '设计' }).click();
    await h.page.locator(READY).waitFor();
    // A page of its own, reached by a link: openScreen's hiding of the password demand is gone.
    await h.hideDemand();
    expect(new URL(h.page.url()).searchParams.get('modelId')).toBe(String(modelId));
    // The model list stays the active menu.
    await expect.poll(() => h.page.locator('.shell-menu-item[aria-current=page]').first().getAttribute('href').catch(() => null)).toMatch(/workflow\/model\/?$/);

    // The palette holds only what the server runs.
    const palette = await h.page.locator('.djs-palette .entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    expect(palette).toEqual(['hand-tool', 'lasso-tool', 'space-tool', 'global-connect-tool', 'create.start-event', 'create.end-event', 'create.exclusive-gateway', 'create.user-task']);
    expect(await h.page.locator('.djs-palette [data-action="create.user-task"]').getAttribute('aria-label')).toBe(M.bpmn.createUserTask);
    // A new model starts from start → one step → end; the draft is not saved yet.
    await shape('Task_1').waitFor();
    expect(await h.page.getByTestId('modeler-status').textContent()).toContain(M.status.unsaved);
    expect(await h.page.getByTestId('modeler-version').textContent()).toBe(M.status.notDeployed);

    // The first step: named, a role and a user as candidates.
    await clickElement(shape('Task_1'));
    // The panel's first step loads the list widgets' code: more than the poll's default second on a busy machine.
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent(), { timeout: 10_000 }).toBe(M.panel.kind.userTask);
    const pad = await h.page.locator('.djs-context-pad.open .entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    expect(pad.sort()).toEqual(['append.end-event', 'append.gateway', 'append.user-task', 'connect', 'delete'].sort());
    await nameSelected('Desk check');
    await pick('modeler-roles', ['(editor)']);
    await pick('modeler-users', ['modeleradmin']);

    // The flow to the end goes: the second step comes in between.
    await clickElement(shape('Flow_2'), 0.8);
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.flow);
    await padEntry('delete').click();
    await shape('Flow_2').waitFor({ state: 'detached' });
    // The end event dragged down, making room for the second step where it stood.
    const endAt = (await shape('EndEvent_1').boundingBox())!;
    const [ex, ey] = [endAt.x + endAt.width / 2, endAt.y + endAt.height / 2];
    await h.page.mouse.move(ex, ey);
    await h.page.mouse.down();
    await h.page.mouse.move(ex + 20, ey + 80, { steps: 6 });
    await h.page.mouse.move(ex + 40, ey + 160, { steps: 6 });
    await h.page.mouse.up();
    await expect.poll(async () => (await shape('EndEvent_1').boundingBox())!.y).toBeGreaterThan(endAt.y + 100);

    await clickElement(shape('Task_1'));
    await padEntry('append.user-task').click();
    const tasks = h.page.locator('.djs-shape[data-element-id^=Activity_]');
    await tasks.first().waitFor();
    // Undo takes the step back, redo brings it again.
    await h.page.getByTestId('modeler-undo').click();
    await tasks.first().waitFor({ state: 'detached' });
    await h.page.getByTestId('modeler-redo').click();
    await tasks.first().waitFor();
    const second = (await tasks.first().getAttribute('data-element-id'))!;
    await clickElement(shape(second));
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.userTask);
    await nameSelected('Chief check');
    await pick('modeler-users', ['modeleradmin']);

    // Connected to the end with the context pad's connect, pointer to the end event.
    await padEntry('connect').click();
    const end = (await shape('EndEvent_1').boundingBox())!;
    await h.page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
    await h.page.mouse.click(end.x + end.width / 2, end.y + end.height / 2);
    await expect.poll(() => h.page.locator('.djs-connection').count()).toBe(3);

    await h.page.getByTestId('modeler-save').click();
    await h.toasts().getByText(M.saved.replace('{{name}}', 'Article review')).waitFor();
    await expect.poll(() => h.page.getByTestId('modeler-status').textContent()).toContain(M.status.saved);
    const token = await adminToken(h);
    const saved = (await h.server.api('GET', `/workflow/model/${modelId}/xml`, { token })).data.xml as string;
    expect(saved).toContain('camunda:candidateGroups="editor"');
    expect(saved).toMatch(/name="Chief check" camunda:candidateUsers="modeleradmin"|camunda:candidateUsers="modeleradmin"[^>]*name="Chief check"/);

    await h.page.getByTestId('modeler-deploy').click();
    await h.toasts().getByText(M.deployed.replace('{{name}}', 'Article review').replace('{{version}}', '1')).waitFor();
    expect(await h.page.getByTestId('modeler-version').textContent()).toBe(M.status.deployed.replace('{{version}}', '1'));
    await h.page.getByTestId('modeler-versions-button').click();
    const versions = h.page.getByTestId('modeler-versions');
    await versions.locator('tbody tr', { hasText: 'v1' }).waitFor();
    expect(await versions.locator('tbody tr').first().textContent()).toContain('modeleradmin');
    await h.page.keyboard.press('Escape');
    await h.page.setViewportSize({ width: 800, height: 900 });
    await h.expectLaidOut('Review designer');
    await h.page.setViewportSize({ width: 1440, height: 900 });
  });

  it('suspends and resumes the deployed model from the list\'s status switch, the designer saying so', async () => {
    const token = await adminToken(h);
    const status = async () => (await h.server.api('GET', `/workflow/model/${modelId}`, { token })).data.status as string;
    await h.openScreen('/admin/workflow/model', '.resource-table tbody tr');
    const toggle = h.page.getByTestId(`model-status-${modelId}`);
    await toggle.click();
    await h.toasts().getByText(MODEL.suspended['zh-CN']).waitFor();
    await expect.poll(status).toBe('1');
    await h.openScreen(`/admin/workflow/model/design?modelId=${modelId}`, READY);
    expect(await h.page.getByTestId('modeler-screen').textContent()).toContain(M.status.suspended);
    await h.openScreen('/admin/workflow/model', '.resource-table tbody tr');
    await h.page.getByTestId(`model-status-${modelId}`).click();
    await h.toasts().getByText(MODEL.resumed['zh-CN']).waitFor();
    await expect.poll(status).toBe('0');
    await h.openScreen(`/admin/workflow/model/design?modelId=${modelId}`, READY);
  });

  it('shows the server\'s refusal of an unsupported element in place, the element selected', async () => {
    await h.page.getByTestId('modeler-import-file').setInputFiles({ name: 'mail.bpmn', mimeType: 'application/xml', buffer: Buffer.from(SERVICE_TASK_BPMN) });
    await shape('Mailer').waitFor();
    expect(await h.page.getByTestId('modeler-status').textContent()).toContain(M.status.unsaved);
    await h.page.getByTestId('modeler-deploy').click();
    const problem = h.page.getByTestId('modeler-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('不支持的 BPMN 元素：serviceTask（Mailer）');
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.other.replace('{{type}}', 'serviceTask'));
    // Still version 1; the refused draft was saved, as asked.
    expect(await h.page.getByTestId('modeler-version').textContent()).toBe(M.status.deployed.replace('{{version}}', '1'));
  });

  it('is in zh-TW with bpmn-js\'s palette and context pad translated', async () => {
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-TW'));
    await h.openScreen(`/admin/workflow/model/design?modelId=${modelId}`, READY);
    const entry = h.page.locator('.djs-palette [data-action="create.user-task"]');
    await expect.poll(() => entry.getAttribute('aria-label')).toBe(TW.bpmn.createUserTask);
    expect(await h.page.locator('.djs-palette [data-action="create.exclusive-gateway"]').getAttribute('aria-label')).toBe(TW.bpmn.createGateway);
    await clickElement(shape('Mailer'));
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(TW.panel.kind.other.replace('{{type}}', 'serviceTask'));
    expect(await padEntry('delete').getAttribute('title')).toBe(TW.bpmn.remove);
    expect(await h.page.getByTestId('modeler-save').textContent()).toContain(TW.toolbar.save);
    await h.page.setViewportSize({ width: 800, height: 900 });
    await h.expectLaidOut('Review designer (zh-TW)');
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it('sets a gateway flow\'s condition and default, undone and redone with Ctrl+Z / Ctrl+Y; a name with markup stays text', async () => {
    const named = '<img src=x onerror="window.__modelPwned=1">Gate';
    const gateId = await createModel(h, 'gate_review', named);
    await h.openScreen(`/admin/workflow/model/design?modelId=${gateId}`, READY);
    expect(await h.page.locator('.modeler-title').textContent()).toBe(`${named} (gate_review)`);
    expect(await h.page.locator('.modeler-screen img').count()).toBe(0);
    await h.page.getByTestId('modeler-import-file').setInputFiles({ name: 'gate.bpmn', mimeType: 'application/xml', buffer: Buffer.from(GATEWAY_BPMN) });
    await shape('G').waitFor();

    // Videos go to the second step: the condition typed in the panel, kept when the field is left.
    await clickFlow('toVideo');
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.flow);
    await h.page.getByTestId('modeler-condition').fill('contentType == video');
    await h.page.getByTestId('modeler-condition').press('Tab');
    // The rest goes straight to the end: the default flow, which carries no condition.
    const isDefault = h.page.getByRole('checkbox', { name: M.panel.isDefault });
    await clickFlow('toEnd');
    await expect.poll(() => isDefault.isChecked()).toBe(false);
    await h.page.locator('label', { hasText: M.panel.isDefault }).click();
    await expect.poll(() => isDefault.isChecked()).toBe(true);
    expect(await h.page.getByTestId('modeler-condition').count()).toBe(0);

    // The keyboard's undo and redo on the focused canvas, as the toolbar's.
    // (A click on the selected flow would deselect it: the gateway takes the click and the focus.)
    await clickElement(shape('G'));
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.gateway);
    await h.page.keyboard.press('Control+z');
    await clickFlow('toEnd');
    await expect.poll(() => isDefault.isChecked()).toBe(false);
    await h.page.keyboard.press('Control+y');
    await expect.poll(() => isDefault.isChecked()).toBe(true);
    await clickFlow('toVideo');
    await expect.poll(() => h.page.getByTestId('modeler-condition').inputValue()).toBe('contentType == video');

    await h.page.getByTestId('modeler-deploy').click();
    await h.toasts().getByText(M.deployed.replace('{{name}}', named).replace('{{version}}', '1')).waitFor();
    const token = await adminToken(h);
    const saved = (await h.server.api('GET', `/workflow/model/${gateId}/xml`, { token })).data.xml as string;
    expect(saved).toMatch(/<bpmn:exclusiveGateway id="G" default="toEnd"/);
    expect(saved).toMatch(/<bpmn:sequenceFlow id="toVideo"[^>]*>\s*<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">contentType == video<\/bpmn:conditionExpression>/);
    expect(await h.page.evaluate(() => (window as unknown as { __modelPwned?: number }).__modelPwned)).toBeUndefined();
    expect(await h.page.locator('.modeler-screen img, .p-toast img').count()).toBe(0);
  });

  it('only shows the model to a user with the view key', async () => {
    await grantPermission(h.server.database.db, 'wfviewer', 'workflow:model:view');
    await createUser(h.server.database.db, 'modelviewer', { roles: ['wfviewer'] });
    await h.signInAs('modelviewer', 'Secret123');
    await h.openScreen(`/admin/workflow/model/design?modelId=${modelId}`, READY);
    await h.page.getByTestId('modeler-readonly').waitFor();
    expect(await h.page.locator('.djs-palette').count()).toBe(0);
    expect(await h.page.getByTestId('modeler-save').count()).toBe(0);
    expect(await h.page.getByTestId('modeler-deploy').count()).toBe(0);
    await clickElement(shape('Mailer'));
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.other.replace('{{type}}', 'serviceTask'));
    await clickElement(shape('s'));
    await expect.poll(() => h.page.getByTestId('modeler-kind').textContent()).toBe(M.panel.kind.start);
    expect(await h.page.getByTestId('modeler-name').getAttribute('readonly')).not.toBeNull();
    expect(await h.page.locator('.djs-context-pad.open').count()).toBe(0);
  });
});
