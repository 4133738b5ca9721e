/**
 * The state of one file open in the code editor, apart from any widget (the PrimeReact-free
 * controller of components/code/CodeEditor.tsx): the text last saved, the text being edited,
 * whether they differ, and a save in progress. The editor reports edits; Ctrl+S and the Save
 * button call `save`, which writes the text as it is at that moment and, once written, takes it
 * as the saved text (edits typed while it was on its way stay unsaved). The editor's own text is
 * never replaced by a save, so the cursor, selection and undo history stay where they are.
 */
export class CodeDocument {
  #saved: string;
  #text: string;
  #saving = false;
  #listeners = new Set<() => void>();
  #version = 0;

  constructor(saved = '') {
    this.#saved = saved;
    this.#text = saved;
  }

  get saved(): string {
    return this.#saved;
  }
  get text(): string {
    return this.#text;
  }
  get dirty(): boolean {
    return this.#text !== this.#saved;
  }
  get saving(): boolean {
    return this.#saving;
  }
  /** Changes whenever anything above does (for useSyncExternalStore). */
  get version(): number {
    return this.#version;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  };

  #changed() {
    this.#version++;
    for (const fn of this.#listeners) fn();
  }

  /** The editor's text changed. */
  edit(text: string): void {
    if (text === this.#text) return;
    this.#text = text;
    this.#changed();
  }

  /** A file (re)loaded from the server: saved and edited text are both this. */
  reset(saved: string): void {
    this.#saved = saved;
    this.#text = saved;
    this.#changed();
  }

  /**
   * Writes the current text with `write`; true when written. Nothing to write (not dirty) or a
   * save already on its way: nothing happens. A failed write leaves the text unsaved.
   */
  async save(write: (text: string) => Promise<unknown>): Promise<boolean> {
    if (this.#saving || !this.dirty) return false;
    const text = this.#text;
    this.#saving = true;
    this.#changed();
    try {
      await write(text);
      this.#saved = text;
      return true;
    } catch {
      return false;
    } finally {
      this.#saving = false;
      this.#changed();
    }
  }
}
