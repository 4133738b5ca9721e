// The tool module's public surface: what the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { toolModule } from './routes.ts';
