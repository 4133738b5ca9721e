import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { compileBpmn } from './bpmn.ts';
import { bpmn, ROUTED, TWO_STEPS } from './test-review.ts';

/** The refusal's message key and parameters (the API test checks their texts). */
async function refusal(xml: string) {
  try {
    await compileBpmn(xml);
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, params: err.params };
    throw err;
  }
  return null;
}

const flow = (id: string, from: string, to: string) => `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

describe('the supported BPMN subset', () => {
  it('compiles user tasks with their candidates and a gateway with its default flow', async () => {
    const two = await compileBpmn(TWO_STEPS);
    expect(two.start).toBe('Start');
    expect(two.nodes.get('Desk')).toMatchObject({ kind: 'userTask', name: 'Desk check', candidateRoles: ['wf_first'], candidateUsers: [] });
    const routed = await compileBpmn(ROUTED);
    expect(routed.nodes.get('Kind')).toMatchObject({ kind: 'gateway', defaultFlow: 'ToDesk' });
  });

  it('refuses forks, conditions off gateways, gateways without a way out, and loops nobody decides', async () => {
    const fork = bpmn(`<bpmn:startEvent id="Start"/><bpmn:userTask id="A" camunda:candidateUsers="x"/><bpmn:endEvent id="End"/>
      ${flow('F1', 'Start', 'A')}${flow('F2', 'A', 'End')}${flow('F3', 'Start', 'End')}`);
    expect(await refusal(fork)).toEqual({ key: 'workflow.bpmn.fork', params: { type: 'startEvent', id: 'Start' } });
    const offGateway = TWO_STEPS.replace('<bpmn:sequenceFlow id="F2" sourceRef="Desk" targetRef="Chief"/>',
      '<bpmn:sequenceFlow id="F2" sourceRef="Desk" targetRef="Chief"><bpmn:conditionExpression>role == x</bpmn:conditionExpression></bpmn:sequenceFlow>');
    expect(await refusal(offGateway)).toEqual({ key: 'workflow.bpmn.conditionOutsideGateway', params: { id: 'F2' } });
    expect(await refusal(ROUTED.replace(' default="ToDesk"', '').replace(flow('ToDesk', 'Kind', 'Desk'),
      '<bpmn:sequenceFlow id="ToDesk" sourceRef="Kind" targetRef="Desk"><bpmn:conditionExpression>role == x</bpmn:conditionExpression></bpmn:sequenceFlow>')))
      .toEqual({ key: 'workflow.bpmn.noDefault', params: { id: 'Kind' } });
    const spin = bpmn(`<bpmn:startEvent id="Start"/><bpmn:exclusiveGateway id="G1"/><bpmn:exclusiveGateway id="G2"/><bpmn:endEvent id="End"/>
      ${flow('F1', 'Start', 'G1')}${flow('F2', 'G1', 'G2')}${flow('F3', 'G2', 'G1')}
      <bpmn:sequenceFlow id="F4" sourceRef="G2" targetRef="End"><bpmn:conditionExpression>role == x</bpmn:conditionExpression></bpmn:sequenceFlow>`);
    expect(await refusal(spin)).toEqual({ key: 'workflow.bpmn.gatewayLoop', params: { id: 'G1' } });
  });

  it('refuses a second process, lanes and unknown elements, naming them', async () => {
    const twoProcesses = TWO_STEPS.replace('</bpmn:definitions>', '<bpmn:process id="Other"/></bpmn:definitions>');
    expect(await refusal(twoProcesses)).toEqual({ key: 'workflow.bpmn.oneProcess', params: { count: 2 } });
    const message = TWO_STEPS.replace('</bpmn:definitions>', '<bpmn:message id="Ping"/></bpmn:definitions>');
    expect(await refusal(message)).toEqual({ key: 'workflow.bpmn.unsupported', params: { type: 'message', id: 'Ping' } });
    const lanes = TWO_STEPS.replace('<bpmn:startEvent id="Start"/>', '<bpmn:laneSet id="Lanes"><bpmn:lane id="L1"/></bpmn:laneSet><bpmn:startEvent id="Start"/>');
    expect(await refusal(lanes)).toEqual({ key: 'workflow.bpmn.unsupported', params: { type: 'laneSet', id: 'Lanes' } });
    expect((await refusal(TWO_STEPS.replace('<bpmn:startEvent id="Start"/>', '<bpmn:startEvent id="Start"/><bpmn:nonsense id="N"/>')))?.key).toBe('workflow.bpmn.unreadable');
  });
});
