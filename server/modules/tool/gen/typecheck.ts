import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { GenFiles } from './model.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Test support: the TypeScript errors of generated sources as if they sat at their paths in this
 * repository, checked in-process with the project's tsconfig.json. The files stay in memory (a
 * compiler host that serves them beside the real tree): no copy of the repository, no file left
 * behind, and only the generated files and what they import are checked (a full `tsc` of the
 * project is the typecheck's job, and takes minutes on two cores).
 */
export function typecheckGenerated(files: GenFiles): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const virtual = new Map(Object.entries(files).filter(([p]) => p.endsWith('.ts')).map(([p, c]) => [join(ROOT, p), c]));
  const host = ts.createCompilerHost(parsed.options, true);
  const real = { fileExists: host.fileExists.bind(host), readFile: host.readFile.bind(host), getSourceFile: host.getSourceFile.bind(host), directoryExists: host.directoryExists?.bind(host) };
  // A new folder (the resource's own) exists as far as the compiler knows: resolution looks there first.
  const virtualDirs = new Set([...virtual.keys()].flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  host.directoryExists = (d) => virtualDirs.has(d.replace(/\/$/, '')) || (real.directoryExists ? real.directoryExists(d) : ts.sys.directoryExists(d));
  host.fileExists = (f) => virtual.has(f) || real.fileExists(f);
  host.readFile = (f) => virtual.get(f) ?? real.readFile(f);
  host.getSourceFile = (f, lang, onError, create) => (virtual.has(f) ? ts.createSourceFile(f, virtual.get(f)!, lang, true) : real.getSourceFile(f, lang, onError, create));
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options: parsed.options, host });
  return [...virtual.keys()].flatMap((f) => [...program.getSyntacticDiagnostics(program.getSourceFile(f)), ...program.getSemanticDiagnostics(program.getSourceFile(f))])
    .map((d) => `${d.file ? d.file.fileName.slice(ROOT.length) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
