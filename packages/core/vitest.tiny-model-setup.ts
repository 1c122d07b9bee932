import { makeTinyModel } from './scripts/make-tiny-model.js';

// Writes the tiny embedding model the embedder tests load (git-ignored, a few kilobytes, the same bytes every
// time), so a clean clone's `pnpm test` has it.
export default function generateTinyModel(): void {
  makeTinyModel();
}
