// The common module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { AVATAR_EXTENSIONS, extensionOf, looksLikeMarkup, sniffImage } from './file-types.ts';
export { commonModule } from './routes.ts';
export { PUBLIC_UPLOAD_PREFIX, datePath, isFile, resolveInRoot, uploadRoot } from './storage.ts';
export { receiveFile } from './upload.ts';
