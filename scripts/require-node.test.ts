import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { nodeVersionProblem } from './require-node.mjs';

const engines: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

describe('npm start on an old Node', () => {
  it('names the version needed and the one found instead of failing on a .ts file', () => {
    const message = nodeVersionProblem('20.20.2', engines) ?? '';
    expect(message).toContain('Castanea needs Node ≥ 22.18');
    expect(message).toContain('you have 20.20.2');
    expect(nodeVersionProblem('v22.12.0', engines)).toContain('you have 22.12.0');
    expect(nodeVersionProblem('23.3.0', engines)).not.toBeNull();
  });

  it('lets a new enough Node through', () => {
    for (const v of ['22.18.0', '22.20.1', '23.6.0', '24.11.1', '26.0.0']) expect(nodeVersionProblem(v, engines)).toBeNull();
  });

  it('guards every npm script that runs TypeScript with node', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
    for (const [name, cmd] of Object.entries(scripts)) {
      if (/\bnode\s+\S+\.ts\b/.test(cmd)) expect(cmd, name).toMatch(/^node scripts\/require-node\.mjs && /);
    }
  });

  it('exits with the message on this machine when run directly and the Node is too old', () => {
    const r = spawnSync(process.execPath, [new URL('./require-node.mjs', import.meta.url).pathname], { encoding: 'utf8' });
    expect(r.status).toBe(nodeVersionProblem(process.versions.node, engines) ? 1 : 0);
  });
});
