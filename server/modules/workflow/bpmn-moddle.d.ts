// bpmn-moddle 10 ships types for its model (bpmn-moddle/types) but none for its entry point.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: { message: string }[] }>;
  }
}
