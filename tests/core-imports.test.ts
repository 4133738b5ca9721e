import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORE = join(ROOT, 'server', 'core');
const MODULES = resolve(ROOT, 'server', 'modules');

/**
 * The imports of `file` (a path under server/core) that reach into server/modules: every way a file
 * can pull another in (`import … from`, `export … from`, a bare `import '…'`, `import('…')`,
 * `require('…')`), as TypeScript's own scanner reads them, so comments and strings never count.
 */
function moduleImports(file: string, text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles
    .map((f) => f.fileName)
    .filter((spec) => {
      if (!spec.startsWith('.')) return false;
      const target = resolve(CORE, dirname(file), spec);
      return target === MODULES || target.startsWith(`${MODULES}/`);
    })
    .map((spec) => `${file}: ${spec}`);
}

/** Every .ts file under server/core, folders (messages/…) included, relative to it. */
function coreFiles(dir = CORE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? coreFiles(join(dir, d.name)) : d.name.endsWith('.ts') ? [relative(CORE, join(dir, d.name))] : [],
  );
}

// The core (server/core) is what every module builds on: it must not depend on any of them, or
// modules could no longer be added, removed or tested on their own.
describe('dependencies point one way', () => {
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
