import { describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { layoutProblems } from './looks.ts';
import R from '../../shared/i18n/locales/zh-CN/resource.ts';
import shellZhCN from '../../shared/i18n/locales/zh-CN/shell.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Issue #8's layout findings: tables that cut off their actions or squeeze their headers, the
// users' department tree pushing the table off screen at 800 px, and the size switch that scaled
// only table text.

const h = useHarness({ admin: 'layoutadmin' });
const LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;

async function useLanguage(lng: string) {
  await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
}

/** What is wrong with the table on screen, as sentences (none when it is laid out right). */
function tableProblems() {
  return h.page.evaluate(() => {
    const problems: string[] = [];
    const card = document.querySelector('.resource-screen')!.getBoundingClientRect();
    // A header whose title wraps: its text's line boxes sit at more than one height.
    for (const th of document.querySelectorAll<HTMLElement>('.resource-table thead th')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top / 4)));
        if (tops.size > 1) problems.push(`header "${th.textContent}" wraps`);
      }
    }
    // Every row action is inside the card (and so on screen), whatever the table's width.
    for (const b of document.querySelectorAll<HTMLElement>('.resource-table tbody tr:first-child .resource-row-actions .p-button')) {
      const r = b.getBoundingClientRect();
      if (r.right > card.right + 1 || r.left < card.left - 1 || r.right > innerWidth) problems.push(`action "${b.textContent}" is outside the card`);
    }
    if (document.documentElement.scrollWidth > innerWidth) problems.push('the page scrolls sideways');
    return problems;
  });
}

describe('tables', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: at 1440 and 800 px headers stay on one line and row actions stay in the card`, async () => {
      await useLanguage(lng);
      for (const width of [1440, 800]) {
        await h.page.setViewportSize({ width, height: 900 });
        for (const [name, path] of [
          ['menu', '/admin/system/menu'],
          ['security', '/admin/system/security/config'],
          ['user', '/admin/system/user'],
          ['role', '/admin/system/role'],
        ]) {
          await h.openScreen(path!, '.resource-table tbody tr .resource-row-actions');
          expect({ screen: name, width, problems: await tableProblems() }).toEqual({ screen: name, width, problems: [] });
        }
      }
    });
  }

  it('at 800 px the department tree goes above the users table, which keeps the width', async () => {
    await h.page.setViewportSize({ width: 800, height: 900 });
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    const [tree, card] = await h.page.evaluate(() =>
      ['.resource-aside', '.resource-screen'].map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, right: r.right, width: r.width };
      }),
    );
    expect(tree!.bottom).toBeLessThanOrEqual(card!.top);
    expect(card!.right).toBeLessThanOrEqual(800);
    expect(card!.width).toBeGreaterThan(700);
    await h.page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('control size', () => {
  /** Heights and font sizes of the users screen's controls, and of its add dialog's. */
  const measure = () =>
    h.page.evaluate(() => {
      const box = (sel: string) => {
        const e = document.querySelector<HTMLElement>(sel);
        if (!e) throw new Error(`no ${sel}`);
        return { height: Math.round(e.getBoundingClientRect().height), font: getComputedStyle(e).fontSize };
      };
      return {
        input: box('.resource-search input.p-inputtext'),
        dropdown: box('.resource-search .p-dropdown'),
        dropdownLabel: box('.resource-search .p-dropdown-label'),
        date: box('.resource-search .p-calendar input'),
        button: box('.resource-search .p-button'),
        row: box('.resource-table tbody tr'),
        dialogInput: box('.resource-dialog input.p-inputtext'),
        dialogSelect: box('.resource-dialog .p-treeselect'),
        dialogSelectLabel: box('.resource-dialog .p-treeselect-label'),
      };
    });

  async function pickSize(label: string) {
    await h.page.getByTestId('size-select').click();
    await h.page.locator('#shell-size-menu .p-menuitem-link', { hasText: label }).click();
  }

  it('scales inputs, dropdowns, date fields, buttons and table rows together; selects match inputs', async () => {
    await useLanguage('zh-CN');
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    const seen: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const size of ['default', 'mini'] as const) {
      await pickSize(shellZhCN.sizes[size]);
      await h.page.waitForFunction((s) => document.documentElement.dataset.shellSize === s, size);
      await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
      await h.dialog().waitFor();
      // Measured once the dialog's opening animation (a scale transform) is over.
      await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
      const m = (seen[size] = await measure());
      await h.dialog().getByRole('button', { name: commonZhCN.actions.cancel }).click();
      await h.dialog().waitFor({ state: 'detached' });
      // Side by side, one height and one font.
      for (const c of [m.dropdown, m.date, m.button]) expect(c.height).toBe(m.input.height);
      expect(m.dropdownLabel.font).toBe(m.input.font);
      expect(m.dialogSelect.height).toBe(m.dialogInput.height);
      expect(m.dialogSelectLabel.font).toBe(m.dialogInput.font);
      expect(m.dialogInput.height).toBe(m.input.height);
    }
    const [big, mini] = [seen.default!, seen.mini!];
    for (const k of ['input', 'dropdown', 'button', 'row', 'dialogInput'] as const) expect(mini[k].height, k).toBeLessThan(big[k].height);
    expect(parseFloat(mini.input.font)).toBeLessThan(parseFloat(big.input.font));
    await pickSize(shellZhCN.sizes.medium);
  });
});

describe('the layout check of the screen walks (looks.ts)', () => {
  it('sees a page that scrolls sideways, content under the header, a key, Chinese in English and a cut label', async () => {
    await useLanguage('en');
    await h.page.setViewportSize({ width: 800, height: 900 });
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    expect(await layoutProblems(h.page)).toEqual([]);
    await h.page.evaluate(() => {
      const main = document.querySelector<HTMLElement>('.app-main')!;
      main.style.marginTop = '-40px';
      main.insertAdjacentHTML('afterbegin', '<div style="width:3000px">wide</div><label>header.docs</label><label>岗位</label><button style="width:30px;overflow:hidden;white-space:nowrap">A rather long caption</button>');
    });
    expect(await layoutProblems(h.page)).toEqual([
      expect.stringMatching(/^the page scrolls sideways \(3\d{3} px in 800\)$/),
      'the screen starts under the header',
      'label "header.docs" is an untranslated key',
      'label "岗位" is not in English',
      'button "A rather long caption" is cut',
    ]);
    await useLanguage('zh-CN');
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });
});
