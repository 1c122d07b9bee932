// Documents every session shares (memories, learned evidence, forgotten passages, calibration) are checked on read;
// a malformed one is set aside whole and started again, so it harms only what it belongs to. Below the folders that
// own those documents, above the store contracts.
export { readSharedDocument } from './read.js';
export { isSetAsideKey, setAside, setAsideKey } from './set-aside.js';
export type { SharedDocumentShape } from './shape.js';
