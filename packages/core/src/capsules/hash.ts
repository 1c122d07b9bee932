import { hashString } from '../hash/index.js';

/** The hash a capsule names the content it summarizes by: of a reference's `content`, exactly as in the catalog. */
export function hashReferenceContent(content: string): string {
  return hashString(content);
}
