import { describe, expect, it } from 'vitest';
import { applyChanges, candidatesChange, conditionChange, defaultFlowChange, nameChange, readProperties } from './bpmn-properties.ts';
import { defaultDiagram } from './default-diagram.ts';
import { GATEWAY_MODEL, readModel } from './test-models.ts';
import { compileBpmn } from '../../../server/modules/workflow/bpmn.ts';

describe('the properties panel on a moddle tree', () => {
  it('reads a new model as the default diagram draws it: one step, no candidates yet', async () => {
    const m = await readModel(defaultDiagram('article-review', 'Review'));
    expect(readProperties(m.byId('Task_1'))).toMatchObject({ kind: 'userTask', type: 'userTask', name: 'Review', candidateUsers: [], candidateGroups: [] });
    expect(readProperties(m.byId('Flow_1'))).toMatchObject({ kind: 'flow', fromGateway: false, isDefault: false, condition: '' });
    // The server refuses it until someone may decide the step.
    await expect(compileBpmn(await m.write())).rejects.toMatchObject({ key: 'workflow.bpmn.noCandidates' });
  });

  it('writes candidates as Camunda\'s comma-separated attributes, which read back the same', async () => {
    const m = await readModel(defaultDiagram('r', 'Review'));
    const task = m.byId('Task_1');
    applyChanges([...nameChange(task, '  Desk check '), ...candidatesChange(task, 'users', ['alice', 'bob', 'alice']), ...candidatesChange(task, 'groups', ['editor'])]);
    const xml = await m.write();
    expect(xml).toContain('camunda:candidateUsers="alice,bob"');
    expect(xml).toContain('camunda:candidateGroups="editor"');
    expect(xml).toContain('name="Desk check"');
    const again = await readModel(xml);
    expect(readProperties(again.byId('Task_1'))).toMatchObject({ name: 'Desk check', candidateUsers: ['alice', 'bob'], candidateGroups: ['editor'] });
    // Emptied: the attribute goes.
    applyChanges(candidatesChange(again.byId('Task_1'), 'users', []));
    expect(await again.write()).not.toContain('candidateUsers');
    // The server takes it as it is.
    const graph = await compileBpmn(xml);
    expect(graph.nodes.get('Task_1')).toMatchObject({ name: 'Desk check', candidateUsers: ['alice', 'bob'], candidateRoles: ['editor'] });
  });

  it('reads candidates written under another prefix, as the server does', async () => {
    const xml = GATEWAY_MODEL.replace('<bpmn:definitions ', '<bpmn:definitions xmlns:flowable="http://flowable.org/bpmn" ')
      .replace('<bpmn:userTask id="desk" />', '<bpmn:userTask id="desk" flowable:candidateGroups="editor, chief" />');
    const m = await readModel(xml);
    expect(readProperties(m.byId('desk')).candidateGroups).toEqual(['editor', 'chief']);
  });

  it('gives a gateway\'s flows a condition and a default, and the server deploys the result', async () => {
    const m = await readModel(GATEWAY_MODEL);
    expect(readProperties(m.byId('toChief'))).toMatchObject({ fromGateway: true, isDefault: false });
    expect(readProperties(m.byId('f0')).fromGateway).toBe(false);
    applyChanges([
      ...candidatesChange(m.byId('desk'), 'groups', ['editor']),
      ...candidatesChange(m.byId('chief'), 'users', ['chief']),
      ...conditionChange(m.byId('toChief'), ' contentType == video ', m.create),
      ...conditionChange(m.byId('toDesk'), 'role == editor', m.create),
      ...defaultFlowChange(m.byId('toDesk'), true),
    ]);
    const xml = await m.write();
    const again = await readModel(xml);
    expect(readProperties(again.byId('toChief'))).toMatchObject({ condition: 'contentType == video', isDefault: false });
    // Made the default: its condition is dropped.
    expect(readProperties(again.byId('toDesk'))).toMatchObject({ condition: '', isDefault: true });
    const graph = await compileBpmn(xml);
    expect(graph.nodes.get('route')).toMatchObject({ defaultFlow: 'toDesk' });
    expect(graph.nodes.get('route')!.outgoing.find((f) => f.id === 'toChief')!.condition).not.toBeNull();

    // No longer the default, and a blank condition is none.
    applyChanges([...defaultFlowChange(again.byId('toDesk'), false), ...conditionChange(again.byId('toChief'), '   ', again.create)]);
    expect(readProperties(again.byId('toDesk')).isDefault).toBe(false);
    expect(await again.write()).not.toMatch(/default=|conditionExpression/);
  });

  it('only flows leaving a gateway become defaults', async () => {
    const m = await readModel(GATEWAY_MODEL);
    expect(defaultFlowChange(m.byId('f0'), true)).toEqual([]);
  });

  it('a condition the server cannot parse is refused at deploy naming the flow', async () => {
    const m = await readModel(GATEWAY_MODEL);
    applyChanges([
      ...candidatesChange(m.byId('desk'), 'groups', ['editor']),
      ...candidatesChange(m.byId('chief'), 'groups', ['chief']),
      ...conditionChange(m.byId('toChief'), 'contentType === video', m.create),
    ]);
    await expect(compileBpmn(await m.write())).rejects.toMatchObject({ key: 'workflow.bpmn.badCondition', params: expect.objectContaining({ id: 'toChief' }) });
  });
});
