import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: `tests: N passed, N failed[, N skipped]`, after the
 * slowest files (CI's 30 minutes are the budget they spend).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0, failed = 0, skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) failed++;
    }
    const slowest = [...modules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration).slice(0, 8);
    console.log('\nslowest files:');
    for (const m of slowest) console.log(`  ${(m.diagnostic().duration / 1000).toFixed(1).padStart(6)} s  ${m.moduleId.replace(process.cwd() + '/', '')}`);
    console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
