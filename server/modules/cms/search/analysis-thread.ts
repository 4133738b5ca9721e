// A thread of the analysis pool (analysis-pool.ts): turns documents' fields into their terms (tsvector literals and pair filters),
// taking a batch's pieces one by one from the counter it shares with the other threads and the
// main one (so no piece waits for the main thread, busy writing, to hand it out).
import { parentPort } from 'node:worker_threads';
import { documentTerms, loadAnalyzer } from './analyzer.ts';
import type { AnalysisRequest, AnalysisReply } from './analysis-pool.ts';

const reply = (r: AnalysisReply) => parentPort!.postMessage(r);

parentPort!.on('message', async (m: AnalysisRequest) => {
  try {
    const e = await loadAnalyzer();
    const site = { words: m.words, stops: new Set(m.stops) };
    const claims = new Int32Array(m.counter);
    const pieces = Math.ceil(m.docs.length / m.chunk);
    for (let i = Atomics.add(claims, 0, 1); i < pieces; i = Atomics.add(claims, 0, 1)) {
      reply({ id: m.id, chunk: i, terms: m.docs.slice(i * m.chunk, (i + 1) * m.chunk).map((fields) => documentTerms(e, fields, site)) });
    }
    reply({ id: m.id, end: true });
  } catch (err) {
    reply({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
