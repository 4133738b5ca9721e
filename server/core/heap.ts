import { setFlagsFromString } from 'node:v8';

/**
 * The JavaScript heap's young generation, capped. V8 sizes it by the machine's memory: on a 24 GB
 * machine its semi-spaces grow to 32 MB and more each, and the server's resident memory follows
 * (a full publish of the benchmark site peaked ~100 MB higher, at the same speed). Imported
 * first by the server's entry modules, so the cap holds before the heap grows; a flag given on
 * the command line (`--max-semi-space-size`, also through NODE_OPTIONS) wins.
 */
export const SEMI_SPACE_MB = 8;

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--max-semi-space-size'));
if (!given) setFlagsFromString(`--max-semi-space-size=${SEMI_SPACE_MB}`);
