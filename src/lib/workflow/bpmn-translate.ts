/**
 * bpmn-js's `translate` service in the console's languages. bpmn-js asks for its texts by their
 * English wording ("Create start event", "Append {type}"…); the ones the review modeler shows (its
 * palette, context pad and search box) map to keys of the `modeler` namespace (`bpmn.*`), the
 * rest stay English with their `{placeholders}` filled, as bpmn-js's own stub does.
 */
export const BPMN_TEXT_KEYS: Readonly<Record<string, string>> = {
  'Activate hand tool': 'handTool',
  'Activate lasso tool': 'lassoTool',
  'Activate create/remove space tool': 'spaceTool',
  'Activate global connect tool': 'connectTool',
  'Create start event': 'createStart',
  'Create end event': 'createEnd',
  'Create gateway': 'createGateway',
  'Create user task': 'createUserTask',
  'Append end event': 'appendEnd',
  'Append gateway': 'appendGateway',
  'Append user task': 'appendUserTask',
  'Connect to other element': 'connect',
  'Delete': 'remove',
  'Search in diagram': 'search',
};

export type TemplateTranslate = (template: string, replacements?: Record<string, string>) => string;

/** A translate for bpmn-js over `text(key)` (the `modeler` namespace's `bpmn.<key>` in the current language). */
export function bpmnTranslate(text: (key: string) => string): TemplateTranslate {
  return (template, replacements = {}) => {
    const key = BPMN_TEXT_KEYS[template];
    const base = key ? text(key) : template;
    return base.replace(/{([^}]+)}/g, (whole, name: string) => replacements[name] ?? whole);
  };
}
