import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** A PrimeReact module's source text (its rules are kept there, unexported). */
const primeSource = (module: string) => readFileSync(createRequire(import.meta.url).resolve(`primereact/${module}.cjs.js`), 'utf8');

/**
 * PrimeReact's common rules (box sizing, buttons, inputs, icons in its `primereact` layer), which it
 * injects into the page when its first component mounts: every console page carries them from its
 * first paint (layouts/ConsoleLayout.astro), so neither a screen shown before that nor a copy
 * painted before the scripts moves when they come (an icon-only button's label took room, its
 * icon off centre). Read from PrimeReact's component base at build time (prime-css.test.ts fails
 * if a PrimeReact version changes that).
 */
export function primeCommonCss(): string {
  const source = primeSource('componentbase/componentbase');
  const start = source.indexOf('var buttonStyles = ');
  const end = source.indexOf('var ComponentBase = {');
  if (start < 0 || end < start) throw new Error('primeCommonCss: PrimeReact common styles not found');
  const css = new Function(`${source.slice(start, end)}; return commonStyle;`)() as unknown;
  if (typeof css !== 'string' || !css.includes('.p-button-icon-only')) throw new Error('primeCommonCss: unexpected PrimeReact common styles');
  return css.replace(/\s+/g, ' ');
}

/**
 * A PrimeReact component's own rules (`tag`: its tag's centring and line height), which it injects
 * when one first mounts: a copy drawing that component needs them before (read from its source at
 * build time, as primeCommonCss).
 */
export function primeComponentCss(name: string): string {
  const source = primeSource(`${name}/${name}`);
  const found = /^var styles = ("(?:[^"\\]|\\.)*");$/m.exec(source);
  if (!found) throw new Error(`primeComponentCss: PrimeReact ${name} styles not found`);
  return (JSON.parse(found[1]!) as string).replace(/\s+/g, ' ');
}
