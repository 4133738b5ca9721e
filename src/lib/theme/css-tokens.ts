/**
 * The custom properties a stylesheet sets on :root (and on the selectors asked for), read from its
 * text: how the palette test and the accessibility doc's table see the console's colours exactly
 * as the browser is given them.
 */

/** `--name: value` of every rule whose selector is one of `selectors`, later rules winning. */
export function customProperties(css: string, selectors: readonly string[] = [':root']): Map<string, string> {
  const out = new Map<string, string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const rule of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const names = rule[1]!.split(',').map((s) => s.trim());
    if (!names.some((n) => selectors.includes(n))) continue;
    for (const d of rule[2]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);?/g)) out.set(d[1]!, d[2]!.trim());
  }
  return out;
}

/** A colour as written (#hex, or var(--name) of another token), down to its #rrggbb. */
export function resolveColour(value: string, tokens: ReadonlyMap<string, string>, seen: string[] = []): string {
  const ref = /^var\(\s*(--[\w-]+)\s*(?:,[^)]*)?\)$/.exec(value.trim());
  if (!ref) {
    const hex = value.trim().toLowerCase();
    if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(hex)) throw new Error(`Not a colour: ${value}`);
    return hex.length === 4 ? `#${[...hex.slice(1)].map((d) => d + d).join('')}` : hex;
  }
  const name = ref[1]!;
  const next = tokens.get(name);
  if (next === undefined) throw new Error(`No token ${name}`);
  if (seen.includes(name)) throw new Error(`Token cycle: ${[...seen, name].join(' → ')}`);
  return resolveColour(next, tokens, [...seen, name]);
}
