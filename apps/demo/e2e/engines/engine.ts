import type { EngineName, PageDriver, Viewport } from './driver.js';

/** A launched browser: pages are opened in it, each with its own storage. */
export interface Engine {
  readonly name: EngineName;
  readonly version: string;
  newPage(viewport: Viewport): Promise<PageDriver>;
  close(): Promise<void>;
}
