import { describe, expect, it } from 'vitest';
import { compareToBaseline, readBaseline, uncheckedEntries, withChecks, type Baseline, type Check } from './a11y/baseline.ts';

// The axe check's baseline (tests/a11y/baseline.ts), without a browser: what makes the browser
// check fail, and what the file looks like once `npm run a11y:baseline` has written it.

const contrast = (n: number) => ({ rule: 'color-contrast', help: 'Elements must meet minimum color contrast ratio thresholds', helpUrl: 'https://dequeuniversity.com/rules/axe/4.14/color-contrast', targets: Array.from({ length: n }, (_, i) => `.hint:nth-child(${i + 1})`), critical: 0 });
const label = (n: number) => ({ rule: 'label', help: 'Form elements must have labels', helpUrl: 'https://dequeuniversity.com/rules/axe/4.14/label', targets: Array.from({ length: n }, (_, i) => `#field-${i}`), critical: n });
const KNOWN: Baseline = { '/system/user': { 'zh-CN': { 'color-contrast': 3, label: 1 } } };

describe('the axe baseline', () => {
  it('passes a screen with what its baseline lists', () => {
    const checks: Check[] = [{ screen: '/system/user', lng: 'zh-CN', violations: [contrast(3), label(1)] }];
    expect(compareToBaseline(checks, KNOWN)).toEqual([]);
    expect(uncheckedEntries(checks, KNOWN)).toEqual([]);
  });

  it('fails a rule with more nodes than its baseline, naming the rule, its help page and the nodes', () => {
    const problems = compareToBaseline([{ screen: '/system/user', lng: 'zh-CN', violations: [contrast(3), label(2)] }], KNOWN);
    expect(problems).toEqual([
      'zh-CN /system/user: label on 2 node(s), the baseline allows 1: Form elements must have labels (https://dequeuniversity.com/rules/axe/4.14/label); nodes: #field-0 | #field-1',
    ]);
  });

  it('fails a new rule, a screen without an entry and a language without one', () => {
    const problems = compareToBaseline(
      [
        { screen: '/system/user', lng: 'zh-CN', violations: [contrast(3), label(1), { ...label(1), rule: 'button-name', help: 'Buttons must have discernible text' }] },
        { screen: '/system/role', lng: 'zh-CN', violations: [contrast(1)] },
        { screen: '/system/user', lng: 'en', violations: [label(1)] },
      ],
      KNOWN,
    );
    expect(problems.map((p) => p.split(':')[0] + ': ' + p.split(': ')[1]!.split(' on ')[0])).toEqual([
      'zh-CN /system/user: button-name',
      'zh-CN /system/role: color-contrast',
      'en /system/user: label',
    ]);
  });

  it('fails a baseline above what is found: it is to be lowered', () => {
    const problems = compareToBaseline([{ screen: '/system/user', lng: 'zh-CN', violations: [contrast(2)] }], KNOWN);
    expect(problems).toEqual([
      'zh-CN /system/user: color-contrast on 2 node(s), the baseline says 3: lower the baseline (npm run a11y:baseline)',
      'zh-CN /system/user: label on 0 node(s), the baseline says 1: lower the baseline (npm run a11y:baseline)',
    ]);
  });

  it('fails an entry for a screen or language the walk did not check', () => {
    expect(uncheckedEntries([], KNOWN)).toEqual(['zh-CN /system/user: in the baseline but not checked: remove it (npm run a11y:baseline)']);
  });

  it('writes the found counts, sorted, and leaves out screens and languages with none', () => {
    const next = withChecks({ '/z': { en: { x: 1 } }, ...KNOWN }, [
      { screen: '/system/user', lng: 'zh-CN', violations: [label(1)] },
      { screen: '/z', lng: 'en', violations: [] },
      { screen: '/a', lng: 'en', violations: [label(2), contrast(1)] },
    ]);
    expect(JSON.stringify(next)).toBe('{"/a":{"en":{"color-contrast":1,"label":2}},"/system/user":{"zh-CN":{"label":1}}}');
  });

  it('the committed baseline is in the written form: sorted, counts above zero', () => {
    const known = readBaseline();
    expect(JSON.stringify(withChecks(known, []))).toBe(JSON.stringify(known));
    const counts = Object.values(known).flatMap((byLng) => Object.values(byLng).flatMap((rules) => Object.values(rules)));
    expect(counts.filter((n) => !Number.isInteger(n) || n <= 0)).toEqual([]);
  });
});
