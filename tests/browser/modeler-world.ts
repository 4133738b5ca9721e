import { expect } from 'vitest';
import type { Harness } from './harness.ts';

/** The signed-in administrator's token (the harness's cookie), for setting a world up through the API. */
export async function adminToken(h: Harness): Promise<string> {
  return decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
}

/** A review workflow model made through the API, without a draft: its id. */
export async function createModel(h: Harness, modelKey: string, name: string): Promise<number> {
  const token = await adminToken(h);
  const r = await h.server.api('POST', '/workflow/model', { token, body: { modelKey, name, selfReview: 'N' } });
  expect(r.code, r.msg).toBe(200);
  return r.data.modelId as number;
}

/** A model bpmn-js reads but the server does not run: a service task. */
export const SERVICE_TASK_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="mail" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:serviceTask id="Mailer" name="Send mail" />
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="Mailer" />
    <bpmn:sequenceFlow id="f2" sourceRef="Mailer" targetRef="e" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="di"><bpmndi:BPMNPlane id="p" bpmnElement="mail">
    <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Mailer_di" bpmnElement="Mailer"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="340" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="340" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

/** A model the server runs with a choice: videos go to a second step, the rest straight to the end (no condition nor default yet). */
export const GATEWAY_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="gate" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:userTask id="Desk" name="Desk check" camunda:candidateGroups="editor" />
    <bpmn:exclusiveGateway id="G" />
    <bpmn:userTask id="Video" name="Video check" camunda:candidateGroups="editor" />
    <bpmn:endEvent id="e" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="Desk" />
    <bpmn:sequenceFlow id="f2" sourceRef="Desk" targetRef="G" />
    <bpmn:sequenceFlow id="toVideo" sourceRef="G" targetRef="Video" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="G" targetRef="e" />
    <bpmn:sequenceFlow id="f5" sourceRef="Video" targetRef="e" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="di"><bpmndi:BPMNPlane id="p" bpmnElement="gate">
    <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Desk_di" bpmnElement="Desk"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="G_di" bpmnElement="G" isMarkerVisible="true"><dc:Bounds x="345" y="93" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="Video_di" bpmnElement="Video"><dc:Bounds x="320" y="230" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="e_di" bpmnElement="e"><dc:Bounds x="640" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="345" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="toVideo_di" bpmnElement="toVideo"><di:waypoint x="370" y="143" /><di:waypoint x="370" y="230" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="395" y="118" /><di:waypoint x="640" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f5_di" bpmnElement="f5"><di:waypoint x="420" y="270" /><di:waypoint x="658" y="270" /><di:waypoint x="658" y="136" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
