import { BpmnModdle } from 'bpmn-moddle';
import { camundaModdle } from './camunda-moddle.ts';
import type { BpmnObject } from './bpmn-properties.ts';

/**
 * A review drawn as the modeler leaves it before the panel is used: start → gateway → two user
 * tasks without candidates → end, the gateway's flows without conditions. Tests fill it in with the
 * panel's writers (bpmn-properties.ts) and check what the server makes of the XML.
 */
export const GATEWAY_MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="review" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:exclusiveGateway id="route" />
    <bpmn:userTask id="desk" />
    <bpmn:userTask id="chief" />
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="route" />
    <bpmn:sequenceFlow id="toChief" sourceRef="route" targetRef="chief" />
    <bpmn:sequenceFlow id="toDesk" sourceRef="route" targetRef="desk" />
    <bpmn:sequenceFlow id="f3" sourceRef="desk" targetRef="end" />
    <bpmn:sequenceFlow id="f4" sourceRef="chief" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

export const modelerModdle = () => new BpmnModdle({ camunda: camundaModdle });

/** The XML read with the Camunda attributes registered, and its elements by id. */
export async function readModel(xml: string) {
  const moddle = modelerModdle();
  const { rootElement } = await moddle.fromXML(xml);
  const root = rootElement as BpmnObject;
  const process = (root.rootElements as BpmnObject[]).find((r) => r.$type === 'bpmn:Process')!;
  const byId = (id: string) => (process.flowElements as BpmnObject[]).find((e) => e.id === id)!;
  const create = (type: string, attrs: Record<string, unknown>) => moddle.create(type, attrs) as BpmnObject;
  const write = async () => (await moddle.toXML(root, { format: true })).xml;
  return { byId, create, write };
}
