import { describe, expect, it } from 'vitest';
import { BPMN_TEXT_KEYS, bpmnTranslate } from './bpmn-translate.ts';
import { keptEntries, PALETTE_KEPT } from './bpmn-subset.ts';
import en from '../../../shared/i18n/locales/en/modeler.ts';
import zhCN from '../../../shared/i18n/locales/zh-CN/modeler.ts';
import zhTW from '../../../shared/i18n/locales/zh-TW/modeler.ts';

describe("bpmn-js's texts in the console's languages", () => {
  it('maps every text the palette and context pad show to a key each language has', () => {
    for (const texts of [en, zhCN, zhTW]) {
      for (const key of Object.values(BPMN_TEXT_KEYS)) expect(texts.bpmn, key).toHaveProperty(key);
    }
    const tw = bpmnTranslate((k) => zhTW.bpmn[k as keyof typeof zhTW.bpmn]);
    expect(tw('Create user task')).toBe('建立審核關卡（使用者任務）');
    expect(tw('Delete')).toBe('刪除');
  });

  it('leaves texts it does not know in English, placeholders filled as bpmn-js does', () => {
    const t = bpmnTranslate(() => 'unused');
    expect(t('no shape type specified')).toBe('no shape type specified');
    expect(t('element {element} referenced by {referenced}#{property} not yet drawn', { element: 'A', referenced: 'B', property: 'c' }))
      .toBe('element A referenced by B#c not yet drawn');
    expect(t('missing {x}')).toBe('missing {x}');
  });
});

describe('the palette cut to the supported elements', () => {
  it('keeps the tools and the supported elements in order, the user task where bpmn-js had its task', () => {
    const entries = Object.fromEntries(['hand-tool', 'create.start-event', 'create.intermediate-event', 'create.end-event', 'create.exclusive-gateway', 'create.task', 'create.data-object', 'create.participant-expanded'].map((id) => [id, id]));
    expect(Object.keys(keptEntries(entries, PALETTE_KEPT, { 'create.user-task': 'mine' }, 'create.exclusive-gateway')))
      .toEqual(['hand-tool', 'create.start-event', 'create.end-event', 'create.exclusive-gateway', 'create.user-task']);
    // Without the anchor (another bpmn-js), ours still come, last.
    expect(Object.keys(keptEntries({ 'hand-tool': 1 }, PALETTE_KEPT, { 'create.user-task': 2 }, 'create.exclusive-gateway'))).toEqual(['hand-tool', 'create.user-task']);
  });
});
