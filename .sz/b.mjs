import { build } from 'vite';
await build({ logLevel: 'error', build: { write: true, outDir: 'out', minify: true, lib: { entry: 'z.js', formats: ['es'], fileName: 'z' } } });
