// The server's entry: what must hold before its modules load, then the server (serve.ts).
import { enableCompileCache } from 'node:module';
// Caps the young generation before anything grows the heap (core/heap.ts).
import './core/heap.ts';

// Node keeps the compiled (and type-stripped) modules on disk: the server and its render threads
// start in half the time from the second start on. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
enableCompileCache?.();
await import('./serve.ts');
