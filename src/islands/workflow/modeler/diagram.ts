import Modeler from 'bpmn-js/lib/Modeler';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import diagramCss from 'bpmn-js/dist/assets/diagram-js.css?inline';
import bpmnCss from 'bpmn-js/dist/assets/bpmn-js.css?inline';
import fontCss from 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css?inline';
import { camundaModdle } from '../../../lib/workflow/camunda-moddle.ts';
import type { BpmnObject, Change } from '../../../lib/workflow/bpmn-properties.ts';
import { APPLY_CHANGES, reviewEditingModule, translateModule } from './bpmn-modules.ts';
import type { Diagram, DiagramOptions } from './diagram-types.ts';

/**
 * bpmn-js for the review designer, loaded only by it (a dynamic import: no other page downloads
 * it, tests/budget.test.ts). Its stylesheets and icon font are bundled and added to the document
 * when this chunk runs, as Monaco's are (Astro has no place for CSS met only behind a dynamic
 * import). The bpmn.io watermark bpmn-js draws stays: its licence requires it.
 */
function addStyles() {
  if (document.querySelector('style[data-bpmn-js]')) return;
  const style = document.createElement('style');
  style.dataset.bpmnJs = '';
  style.textContent = [diagramCss, bpmnCss, fontCss].join('\n');
  document.head.appendChild(style);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- bpmn-js's services */
export function createDiagram({ container, editable, translate }: DiagramOptions): Diagram {
  addStyles();
  const options = {
    container,
    moddleExtensions: { camunda: camundaModdle },
    additionalModules: [translateModule(translate), ...(editable ? [reviewEditingModule] : [])],
  };
  const viewer: any = editable ? new Modeler(options) : new NavigatedViewer(options);
  const get = <T = any>(name: string): T => viewer.get(name);
  const commandStack = editable ? get('commandStack') : null;
  const changeListeners: (() => void)[] = [];
  const selectListeners: ((bo: BpmnObject | null) => void)[] = [];
  let selected: any = null;
  const tellSelected = () => {
    for (const l of selectListeners) l(selected ? (selected.businessObject as BpmnObject) : null);
  };
  const eventBus = get('eventBus');
  eventBus.on('commandStack.changed', () => changeListeners.forEach((l) => l()));
  eventBus.on('import.done', () => changeListeners.forEach((l) => l()));
  eventBus.on('selection.changed', (e: { newSelection: any[] }) => {
    const one = e.newSelection.length === 1 ? e.newSelection[0] : null;
    // A label stands for its element.
    selected = one?.labelTarget ?? one;
    tellSelected();
  });
  eventBus.on('elements.changed', (e: { elements: any[] }) => {
    if (selected && e.elements.some((el) => el === selected || el.id === selected.id)) tellSelected();
  });

  return {
    async open(xml) {
      selected = null;
      tellSelected();
      await viewer.importXML(xml);
      get('canvas').zoom('fit-viewport', 'auto');
    },
    async xml() {
      return (await viewer.saveXML({ format: true })).xml as string;
    },
    fit: () => get('canvas').zoom('fit-viewport', 'auto'),
    undo: () => commandStack?.undo(),
    redo: () => commandStack?.redo(),
    position: () => (commandStack ? (commandStack as any)._stackIdx as number : -1),
    canUndo: () => !!commandStack?.canUndo(),
    canRedo: () => !!commandStack?.canRedo(),
    apply(changes: readonly Change[]) {
      if (commandStack && changes.length) commandStack.execute(APPLY_CHANGES, { changes });
    },
    create: (type, attrs) => get('moddle').create(type, attrs) as BpmnObject,
    selectNamed(text) {
      const hit = get('elementRegistry').filter((el: any) => !el.labelTarget && el.id && text.includes(el.id))
        .sort((a: any, b: any) => b.id.length - a.id.length)[0];
      if (hit) get('selection').select(hit);
    },
    retranslate: () => eventBus.fire('i18n.changed'),
    onChange: (l) => void changeListeners.push(l),
    onSelect: (l) => void selectListeners.push(l),
    destroy: () => viewer.destroy(),
  };
}
