import { APPEND_USER_TASK, CONTEXT_PAD_KEPT, CREATE_USER_TASK, keptEntries, PALETTE_KEPT } from '../../../lib/workflow/bpmn-subset.ts';
import type { Change } from '../../../lib/workflow/bpmn-properties.ts';

/**
 * bpmn-js modules of the review designer: the palette and context pad cut to the supported
 * elements (lib/workflow/bpmn-subset.ts) with a user task instead of the plain task, and the
 * command applying the properties panel's changes as one undo step.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- diagram-js services are untyped here */
type Entries = Record<string, any>;
type Translate = (s: string) => string;

function ReviewPalette(this: any, palette: any, create: any, elementFactory: any, translate: Translate) {
  this.getPaletteEntries = () => (entries: Entries) => {
    const start = (event: Event) => create.start(event, elementFactory.createShape({ type: 'bpmn:UserTask' }));
    const ours = {
      [CREATE_USER_TASK]: { group: 'activity', className: 'bpmn-icon-user-task', title: translate('Create user task'), action: { dragstart: start, click: start } },
    };
    return keptEntries(entries, PALETTE_KEPT, ours, 'create.exclusive-gateway');
  };
  // After bpmn-js's own provider (priority 1000 is the default): this one sees its entries.
  palette.registerProvider(500, this);
}
ReviewPalette.$inject = ['palette', 'create', 'elementFactory', 'translate'];

function ReviewContextPad(this: any, contextPad: any, elementFactory: any, create: any, injector: any, appendPreview: any, translate: Translate) {
  const autoPlace = injector.get('autoPlace', false);
  this.getContextPadEntries = () => (entries: Entries) => {
    const appendable = 'append.end-event' in entries;
    const shape = () => elementFactory.createShape({ type: 'bpmn:UserTask' });
    const ours: Entries = appendable ? {
      [APPEND_USER_TASK]: {
        group: 'model',
        className: 'bpmn-icon-user-task',
        title: translate('Append user task'),
        action: {
          click: (event: Event, source: any) => (autoPlace ? autoPlace.append(source, shape()) : create.start(event, shape(), { source })),
          dragstart: (event: Event, source: any) => create.start(event, shape(), { source }),
          hover: autoPlace ? (_: Event, source: any) => {
            appendPreview.create(source, 'bpmn:UserTask', {});
            return () => appendPreview.cleanUp();
          } : undefined,
        },
      },
    } : {};
    return keptEntries(entries, CONTEXT_PAD_KEPT, ours, 'append.gateway');
  };
  this.getMultiElementContextPadEntries = () => (entries: Entries) => keptEntries(entries, CONTEXT_PAD_KEPT, {}, '');
  contextPad.registerProvider(500, this);
}
ReviewContextPad.$inject = ['contextPad', 'elementFactory', 'create', 'injector', 'appendPreview', 'translate'];

/** The panel's changes (each an updateProperties) as one command: one undo takes them all back. */
function ApplyChanges(this: any, modeling: any, elementRegistry: any) {
  this.preExecute = (context: { changes: readonly Change[] }) => {
    for (const { on, props } of context.changes) {
      const element = elementRegistry.get(on.id);
      if (element) modeling.updateProperties(element, props);
    }
  };
  this.execute = () => [];
  this.revert = () => [];
}
ApplyChanges.$inject = ['modeling', 'elementRegistry'];
export const APPLY_CHANGES = 'castanea.properties.apply';

function RegisterApply(commandStack: any) {
  commandStack.registerHandler(APPLY_CHANGES, ApplyChanges);
}
RegisterApply.$inject = ['commandStack'];

export const reviewEditingModule = {
  __init__: ['reviewPalette', 'reviewContextPad', 'reviewApply'],
  reviewPalette: ['type', ReviewPalette],
  reviewContextPad: ['type', ReviewContextPad],
  reviewApply: ['type', RegisterApply],
};

/** bpmn-js's `translate` service replaced (viewer and modeler alike). */
export const translateModule = (translate: (template: string, replacements?: Record<string, string>) => string) => ({ translate: ['value', translate] });
