import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 27 §6: a test that cannot fail tells nothing. Every case of every test file must call
// something that asserts, and none may return early on an environment variable (the screenshot
// walks did: `if (!process.env.SCREENSHOTS) return`, so `npm test` ran them as passes).

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['src', 'server', 'tests', 'scripts'];

/**
 * Calls that assert: Vitest's `expect` (and `expect.poll`, `expect.soft`…), node's `assert`, and
 * helpers named for what they check (`expectLaidOut`, `expectDialogStays`…, `assertSafe`…).
 */
const ASSERTS = /^(expect|assert)/;
/**
 * Helpers imported from elsewhere that assert inside (the helpers a test file defines itself are
 * read: one whose body asserts counts as an assertion where it is called).
 */
const ASSERTING_HELPERS = new Set(['ok']);

function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) testFiles(path, out);
    else if (/\.test\.tsx?$/.test(e.name)) out.push(path);
  }
  return out;
}

/** `it`, `test`, and their forms (`it.runIf(x)`, `it.each(rows)`, `test.concurrent`…). */
function isCaseCall(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression;
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) && (callee.text === 'it' || callee.text === 'test');
}

/** The names of the functions a body calls (`expect`, `h.expectLaidOut` → `expectLaidOut`, `expect(x).toBe` → `expect`). */
function calledNames(body: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      let callee: ts.Expression = node.expression;
      if (ts.isPropertyAccessExpression(callee)) names.add(callee.name.text);
      while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
      if (ts.isIdentifier(callee)) names.add(callee.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return names;
}

/** The functions a file defines by name (`function f() {}`, `const f = () => {}`), by name. */
function localFunctions(source: ts.SourceFile): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) found.set(node.name.text, node.body);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) found.set(node.name.text, node.initializer.body);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a body calls something that asserts, directly or through the file's own helpers. */
function asserts(body: ts.Node, local: Map<string, ts.Node>, seen = new Set<ts.Node>()): boolean {
  seen.add(body);
  return [...calledNames(body)].some((n) => {
    if (ASSERTS.test(n) || ASSERTING_HELPERS.has(n)) return true;
    const helper = local.get(n);
    return !!helper && !seen.has(helper) && asserts(helper, local, seen);
  });
}

/** Whether an expression reads `process.env`. */
function readsEnv(node: ts.Node): boolean {
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && node.name.text === 'env') return true;
  return ts.forEachChild(node, readsEnv) ?? false;
}

/** `if (… process.env …) return`: a case, or a helper it calls, that quietly passes unless configured. */
function isEnvEarlyExit(node: ts.Node): boolean {
  if (!ts.isIfStatement(node) || !readsEnv(node.expression)) return false;
  const then = node.thenStatement;
  return ts.isReturnStatement(then) || (ts.isBlock(then) && then.statements.length > 0 && ts.isReturnStatement(then.statements[0]!));
}

export interface Finding {
  file: string;
  line: number;
  what: string;
}

/** What in one test file's source cannot fail. */
export function findCasesThatCannotFail(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const local = localFunctions(source);
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isCaseCall(node)) {
      const body = node.arguments.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
      const title = node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]) ? node.arguments[0].text : node.arguments[0]?.getText(source) ?? '';
      if (body && !asserts(body, local)) found.push({ file, line: at(node), what: `"${title}" asserts nothing` });
    }
    if (isEnvEarlyExit(node)) found.push({ file, line: at(node), what: `returns early on ${(node as ts.IfStatement).expression.getText(source)}` });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('tests that can fail', () => {
  it('finds a case without an assertion and an early return on an environment variable', () => {
    const sample = [
      "it('asserts', () => { expect(1 + 1).toBe(2); });",
      "it('only looks', async () => { await page.goto('/'); });",
      "it.runIf(built)('helper asserts', () => { h.expectLaidOut('x'); });",
      "it('walks for pictures', async () => { if (!process.env.SCREENSHOTS) return; expect(1).toBe(1); });",
    ].join('\n');
    expect(findCasesThatCannotFail('sample.test.ts', sample).map((f) => `${f.line}: ${f.what}`)).toEqual([
      '2: "only looks" asserts nothing',
      '4: returns early on !process.env.SCREENSHOTS',
    ]);
  });

  it('every case of every test file asserts something, and none returns early on an environment variable', () => {
    const files = FOLDERS.flatMap((f) => testFiles(join(ROOT, f)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => findCasesThatCannotFail(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found.map((f) => `${f.file}:${f.line} ${f.what}`)).toEqual([]);
  });
});
