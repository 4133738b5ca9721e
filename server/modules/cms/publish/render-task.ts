import type { ThreadTask } from './thread-protocol.ts';
import { rewritten, type PublishOutput } from './output.ts';
import { dbLookups } from './lookups.ts';
import { addOutcome, emptyOutcome, failureOf, publishCatalog, publishContent, publishSiteIndex, type PipeOutcome } from './pages.ts';
import { publishSiteExtras } from './site-extras.ts';
import type { PipeRun } from './site-sessions.ts';
import type { PublishHost } from './worker-types.ts';

/** Renders one task in every pipe of its site; `bulk`: beside the render threads (synchronous writes). */
const outFor = (out: PublishOutput, task: ThreadTask) => (task.rerun ? rewritten(out) : out);

export async function runTask(host: PublishHost, runs: PipeRun[], task: ThreadTask, bulk = false): Promise<PipeOutcome> {
  const total = emptyOutcome();
  const lookups = dbLookups(host.db);
  for (const run of runs) {
    const out = outFor(bulk ? run.bulkOut : run.out, task);
    try {
      if (task.dataType === 'content') addOutcome(total, await publishContent(run.session, out, lookups, task.dataId));
      else if (task.dataType === 'catalog') addOutcome(total, await publishCatalog(run.session, out, task.dataId, lookups));
      else if (task.dataType === 'site') {
        addOutcome(total, await publishSiteIndex(run.session, outFor(run.out, task)));
        addOutcome(total, await publishSiteExtras(host, run.session, run.out, run.isDefault));
      }
    } catch (err) {
      total.failures.push(failureOf(err, run.pipeCode));
    }
  }
  return total;
}
