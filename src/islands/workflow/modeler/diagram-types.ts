import type { BpmnObject, Change } from '../../../lib/workflow/bpmn-properties.ts';

/**
 * The diagram as the designer's island drives it. The object comes from diagram.ts, a chunk loaded
 * only when the designer draws (bpmn-js with its styles is some 300 KiB): the island holds this
 * type, not bpmn-js.
 */
export interface Diagram {
  /** Shows a diagram; its undo history starts again. Rejects with bpmn-js's reason. */
  open(xml: string): Promise<void>;
  xml(): Promise<string>;
  fit(): void;
  undo(): void;
  redo(): void;
  /** where the undo history stands: the draft is unchanged while it is where it was when saved */
  position(): number;
  canUndo(): boolean;
  canRedo(): boolean;
  /** applies the panel's changes as one step of the undo history */
  apply(changes: readonly Change[]): void;
  create(type: string, attrs: Record<string, unknown>): BpmnObject;
  /** selects the first element whose id the text names (a deploy's refusal names the element) */
  selectNamed(text: string): void;
  /** the palette and context pad drawn again in the current language */
  retranslate(): void;
  /** called after each change of the diagram (a command done, undone or redone, a diagram opened) */
  onChange(listener: () => void): void;
  /** called with the selected element's business object (or null), and again when it changes */
  onSelect(listener: (bo: BpmnObject | null) => void): void;
  destroy(): void;
}

export interface DiagramOptions {
  container: HTMLElement;
  /** the palette, context pad and editing (a user without the edit key looks only) */
  editable: boolean;
  /** bpmn-js's texts, in the current language at each call */
  translate(template: string, replacements?: Record<string, string>): string;
}
