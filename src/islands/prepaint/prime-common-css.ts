import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * PrimeReact's common rules (box sizing, buttons, inputs, icons in its `primereact` layer), which it
 * injects into the page when its first component mounts. A pre-painted copy (paint.ts) is drawn
 * before any has: without them an icon-only button's label takes room and its icon sits off
 * centre. PrimeReact keeps them in its component base, unexported: read from its source at build
 * time (frame.test.ts fails if a PrimeReact version changes that).
 */
export function primeCommonCss(): string {
  const file = createRequire(import.meta.url).resolve('primereact/componentbase/componentbase.cjs.js');
  const source = readFileSync(file, 'utf8');
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
  const file = createRequire(import.meta.url).resolve(`primereact/${name}/${name}.cjs.js`);
  const source = readFileSync(file, 'utf8');
  const found = /^var styles = ("(?:[^"\\]|\\.)*");$/m.exec(source);
  if (!found) throw new Error(`primeComponentCss: PrimeReact ${name} styles not found`);
  return (JSON.parse(found[1]!) as string).replace(/\s+/g, ' ');
}
