import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accessiblePrimeDefault } from './accessible-prime-default.ts';
import { runPatch } from '../testing/run-patch.ts';

const apiPath = fileURLToPath(new URL('../../../node_modules/primereact/api/api.esm.js', import.meta.url));

describe("PrimeReact's pass-through starts as the accessible one", () => {
  const out = runPatch(accessiblePrimeDefault(), readFileSync(apiPath, 'utf8'), apiPath)!;

  it("sets PrimeReact.pt from accessible-pt.ts in PrimeReact's settings module", () => {
    expect(out).toMatch(/import \{ ACCESSIBLE_PT as __castaneaPt \} from ".*[\\/]components[\\/]widgets[\\/]accessible-pt\.ts";/);
    expect(out).toContain('_defineProperty(PrimeReact$1, "pt", __castaneaPt);');
    expect(out).not.toContain('_defineProperty(PrimeReact$1, "pt", undefined);');
  });

  it('leaves other modules alone', () => {
    expect(runPatch(accessiblePrimeDefault(), 'x', '/node_modules/primereact/button/button.esm.js')).toBeUndefined();
  });
});
