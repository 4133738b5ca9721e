import { describe, expect, it } from 'vitest';
import { swapApiBase } from './api-base-html.ts';

describe('rich text for a console on another API base', () => {
  const stored = '<p><img src="/prod-api/web/resources/image/2026/01/31/1.png"><a href="/prod-api/cms/preview/content/3">c</a> /prod-api/ in text <a href="https://example.com/prod-api/x">x</a></p>';
  const base = 'https://cms.example.com/prod-api';

  it('shows the server\'s addresses below the console\'s API base and gives them back unchanged', () => {
    const shown = swapApiBase(stored, '/prod-api', base);
    expect(shown).toBe('<p><img src="https://cms.example.com/prod-api/web/resources/image/2026/01/31/1.png"><a href="https://cms.example.com/prod-api/cms/preview/content/3">c</a> /prod-api/ in text <a href="https://example.com/prod-api/x">x</a></p>');
    expect(swapApiBase(shown, base, '/prod-api')).toBe(stored);
  });

  it('changes nothing when the console calls the API below its own prefix', () => {
    expect(swapApiBase(stored, '/prod-api', '/prod-api')).toBe(stored);
  });
});
