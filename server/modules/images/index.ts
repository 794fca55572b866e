/** The images module's front door: its routes, the image store and the path checks that confine files. */
export { createLinkFetcher } from './fetch-link.js';
export { imageRoutes } from './routes.js';
export { isRegularFile, resolveInside, servableFile } from './safe-path.js';
export {
  deleteDescriptionImage,
  deleteFolder,
  deleteProductImage,
  descriptionDir,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  keepOnlyProductImages,
  listProductImages,
  productImageDir,
  storeDescriptionImage,
  storeProductImages,
  toWebp,
  type UploadedFile,
  withProductLock,
  writeAtomically,
} from './store.js';
