// A thread of the analysis pool (analysis-pool.ts): turns documents' fields into tsvector literals.
import { parentPort } from 'node:worker_threads';
import { loadAnalyzer, tsvectorLiteral } from './analyzer.ts';
import type { AnalysisRequest, AnalysisReply } from './analysis-pool.ts';

parentPort!.on('message', async (m: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    const e = await loadAnalyzer();
    const site = { words: m.words, stops: new Set(m.stops) };
    reply = { id: m.id, literals: m.docs.map((fields) => tsvectorLiteral(e, fields, site)) };
  } catch (err) {
    reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
