import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contrast } from './contrast.ts';
import { CONTRAST_PAIRS, type ContrastPair } from './contrast-pairs.ts';
import { customProperties, resolveColour } from './css-tokens.ts';

const stylesheet = (name: string) => readFileSync(fileURLToPath(new URL(`../../styles/${name}`, import.meta.url)), 'utf8');

/** The console's colour tokens as the browser gets them, for one sidebar theme. */
export function consoleTokens(sidebar: ContrastPair['sidebar'] = undefined): Map<string, string> {
  const shell = stylesheet('shell.css');
  return new Map([
    ...customProperties(stylesheet('palette.css')),
    ...customProperties(shell),
    ...(sidebar === 'light' ? customProperties(shell, ["html[data-shell-side-theme='light']"]) : []),
  ]);
}

export interface ContrastRow {
  pair: ContrastPair;
  fg: string;
  bgName: string;
  bg: string;
  ratio: number;
  /** the ratio before issue 28, where the pair names the colour it had */
  before?: number;
}

/** Every (colour, background) of CONTRAST_PAIRS with its ratio now and before. */
export function contrastRows(): ContrastRow[] {
  return CONTRAST_PAIRS.flatMap((pair) => {
    const tokens = consoleTokens(pair.sidebar);
    const fg = resolveColour(pair.fg.startsWith('--') ? `var(${pair.fg})` : pair.fg, tokens);
    return pair.bg.map((bgName) => {
      const bg = resolveColour(bgName.startsWith('--') ? `var(${bgName})` : bgName, tokens);
      const before = pair.before ? (pair.changed === 'bg' ? contrast(fg, pair.before) : contrast(pair.before, bg)) : undefined;
      return { pair, fg, bgName, bg, ratio: contrast(fg, bg), before };
    });
  });
}

const ratio = (r: number) => `${(Math.floor(r * 100) / 100).toFixed(2)}:1`;
const name = (n: string) => (n.startsWith('--') ? `\`${n}\`` : 'literal');

/** The table of docs/accessibility.md (rounded down, so a ratio shown as 4.50 is at least 4.5). */
export function contrastTable(): string {
  const head = ['| token | use | colour | background | ratio (needs) | before |', '| --- | --- | --- | --- | --- | --- |'];
  const rows = contrastRows().map(({ pair, fg, bgName, bg, ratio: r, before }) => {
    const was = pair.before === undefined || before === undefined ? '' : `${pair.changed === 'bg' ? 'on ' : ''}\`${pair.before}\`: ${ratio(before)}`;
    const bgText = bgName.startsWith('--') ? `\`${bgName}\` \`${bg}\`` : `\`${bg}\``;
    return `| ${name(pair.fg)} | ${pair.use}${pair.sidebar ? '' : ''} | \`${fg}\` | ${bgText} | ${ratio(r)} (${pair.min}) | ${was} |`;
  });
  return [...head, ...rows].join('\n');
}
