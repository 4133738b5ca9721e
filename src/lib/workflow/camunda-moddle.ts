/**
 * The Camunda attributes a review model uses, as a moddle descriptor: a user task's candidates
 * (`camunda:candidateUsers`, `camunda:candidateGroups`, comma-separated). camunda-bpmn-moddle is
 * not installed, and the server reads only these two (server/modules/workflow/bpmn.ts, any
 * prefix): registered with bpmn-js (`moddleExtensions: { camunda }`), they are read into the task
 * and written back under this namespace, so a model drawn here round-trips through the XML.
 */
export const CAMUNDA_URI = 'http://camunda.org/schema/1.0/bpmn';

export const camundaModdle = {
  name: 'Camunda',
  uri: CAMUNDA_URI,
  prefix: 'camunda',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'Assignable',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
  ],
  enumerations: [],
};
