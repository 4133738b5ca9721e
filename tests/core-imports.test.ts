import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORE = join(ROOT, 'server', 'core');
const MODULES = resolve(ROOT, 'server', 'modules');

/** The relative specifiers a file imports, every form, as TypeScript's own scanner reads them. */
const relativeImports = (text: string) => ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName).filter((spec) => spec.startsWith('.'));

/**
 * The imports of `file` (a path under server/core) that reach into server/modules: every way a file
 * can pull another in (`import … from`, `export … from`, a bare `import '…'`, `import('…')`,
 * `require('…')`), as TypeScript's own scanner reads them, so comments and strings never count.
 */
function moduleImports(file: string, text: string): string[] {
  return relativeImports(text)
    .filter((spec) => {
      const target = resolve(CORE, dirname(file), spec);
      return target === MODULES || target.startsWith(`${MODULES}/`);
    })
    .map((spec) => `${file}: ${spec}`);
}

/** Every .ts file under `dir`, folders included, relative to `base`. */
function tsFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? tsFiles(join(dir, d.name), base) : d.name.endsWith('.ts') ? [relative(base, join(dir, d.name))] : [],
  );
}
const coreFiles = () => tsFiles(CORE);

/**
 * Which modules each module's code may import (a module folder under server/modules). What a
 * module needs from another it names here; everything else it ships is declared on its
 * ServerModule and reaches the others through the core (menus, messages, tasks…). The system
 * module never reaches into the CMS: the CMS depends on the system, not the other way.
 */
const MODULE_EDGES: Readonly<Record<string, readonly string[]>> = {
  auth: ['system', 'monitor', 'common'],
  // auth: the console's captcha, which custom forms reuse for readers (cms/customform/submit.ts);
  // messaging: the CMS's pushes and CDN purges go through its guard of outbound targets (public addresses only).
  cms: ['system', 'common', 'job', 'auth', 'messaging'],
  common: [],
  job: ['auth', 'monitor'],
  messaging: [],
  monitor: [],
  ops: [],
  system: [],
  task: ['job'],
  // the code generator proposes menu ids above the system's rows; it reads the other modules'
  // tables only by name, from their schema files, as drizzle-kit does (tool/gen/catalog.ts)
  tool: ['system'],
  // the review workflow stands between the CMS's Publish and the publication (cms content/publish-gate.ts)
  workflow: ['cms', 'system'],
};
/**
 * Tests may also sign users in (auth's fixtures), read the operation log (monitor), read users and
 * configs (system), send files (common's multipart fixture), receive what is sent (messaging's local
 * SMTP and webhook receivers) and use the whole product as composed (server/modules/index.ts,
 * shipped.ts): they run the composed server.
 */
const TEST_ALSO = ['auth', 'monitor', 'system', 'common', 'messaging', '(composition)'];

/** The module a path under server/modules belongs to: its folder, or '(composition)' for index.ts and shipped.ts. */
const moduleOf = (abs: string) => {
  const rel = relative(MODULES, abs);
  if (rel.startsWith('..')) return null;
  return rel.includes('/') ? rel.split('/')[0]! : '(composition)';
};

/** `module/file → target` for every import of `file` (relative to server/modules) to a module its edges do not allow. */
function undeclaredEdges(file: string, text: string, edges = MODULE_EDGES): string[] {
  const from = file.split('/')[0]!;
  const isTest = /\.test\.ts$/.test(file);
  const allowed = new Set([from, ...(edges[from] ?? []), ...(isTest ? TEST_ALSO : [])]);
  return relativeImports(text)
    .map((spec) => ({ spec, to: moduleOf(resolve(MODULES, dirname(file), spec)) }))
    .filter(({ to }) => to !== null && !allowed.has(to))
    .map(({ spec, to }) => `${file} → ${to} (${spec})`);
}

// The core (server/core) is what every module builds on: it must not depend on any of them, or
// modules could no longer be added, removed or tested on their own.
describe('dependencies point one way', () => {
  it('every module folder declares the modules it may import', () => {
    const folders = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory()).sort();
    expect(Object.keys(MODULE_EDGES).sort()).toEqual(folders);
  });

  it('modules import one another only along the declared edges; the system imports nothing of the CMS', () => {
    expect(MODULE_EDGES.system).not.toContain('cms');
    const files = tsFiles(MODULES).filter((f) => f.includes('/'));
    expect(files).toContain(join('system', 'seed', 'steps.ts'));
    expect(files.flatMap((f) => undeclaredEdges(f, readFileSync(join(MODULES, f), 'utf8')))).toEqual([]);
  });

  it('catches an undeclared edge in any form of import, tests included (self-check)', () => {
    expect(undeclaredEdges('system/seed/steps.ts', "import { cmsSite } from '../../cms/schema.ts';")).toEqual(['system/seed/steps.ts → cms (../../cms/schema.ts)']);
    expect(undeclaredEdges('system/seed/seed.test.ts', "import { cmsSite } from '../../cms/schema.ts';")).toHaveLength(1);
    expect(undeclaredEdges('common/upload.ts', "import { configValue } from '../system/services.ts';")).toHaveLength(1);
    expect(undeclaredEdges('system/user.ts', "const m = await import('../cms/menus.ts');")).toHaveLength(1);
    expect(undeclaredEdges('system/user.ts', "export * from '../index.ts';")).toHaveLength(1);
    expect(undeclaredEdges('monitor/oplog.ts', "import { x } from '../auth/session.ts';")).toHaveLength(1);
    // Along an edge, inside the module, to the core or to shared code: fine.
    expect(undeclaredEdges('cms/seeds.ts', [
      "import { sysJob } from '../job/schema.ts';",
      "import { x } from './site/schema.ts';",
      "import { y } from '../../core/route.ts';",
      "import { z } from '../../../src/lib/format.ts';",
      "// import { no } from '../task/routes.ts';",
    ].join('\n'))).toEqual([]);
    expect(undeclaredEdges('system/seed/seed.test.ts', "import { MENUS } from '../../shipped.ts';")).toEqual([]);
  });

  it('no file of server/core, in any folder, imports from server/modules', () => {
    const files = coreFiles();
    expect(files).toContain(join('messages', 'en.ts'));
    expect(files.flatMap((f) => moduleImports(f, readFileSync(join(CORE, f), 'utf8')))).toEqual([]);
  });

  it('catches every form of import a planted file could use, and nothing in comments or strings', () => {
    const planted: Record<string, string> = {
      'messages/en.ts': "export * from '../../modules/cms/messages.ts';",
      'a.ts': "import { x } from '../modules/system/schema.ts';",
      'b.ts': "import type { T } from \"../modules/cms/site/schema.ts\";",
      'c.ts': "import '../modules/index.ts';",
      'd.ts': "async function f() { return import('../modules/job/registry.ts'); }",
      'e.ts': "export { y } from '../modules/auth/session.ts';",
      'f.ts': "const r = require('../modules/auth/login.ts');",
      'g/h.ts': "import { z } from '../../modules';",
    };
    for (const [file, text] of Object.entries(planted)) expect(moduleImports(file, text), file).toHaveLength(1);
    const clean = [
      "import { a } from './route.ts';",
      "// import { b } from '../modules/system/schema.ts';",
      '/* export * from "../modules/cms/routes.ts"; */',
      "const url = 'https://example.com/modules'; // from '../modules/x.ts'",
      "const text = \"import '../modules/in-a-string.ts'\";",
      "import { c } from '../db/client.ts';",
      "import { d } from '../../src/lib/format.ts';",
    ].join('\n');
    expect(moduleImports('clean.ts', clean)).toEqual([]);
    expect(moduleImports('messages/zh-TW.ts', "import { e } from '../i18n.ts';")).toEqual([]);
  });
});
