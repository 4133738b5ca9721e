// bpmn-moddle 10 ships types for its model (bpmn-moddle/types) but none for its entry point.
// The console's modeler tests also write XML back and register the Camunda attributes
// (src/lib/workflow/camunda-moddle.ts).
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: { message: string }[] }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): unknown;
  }
}
