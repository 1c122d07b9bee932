import type { ChatMessage } from '../session/index.js';
import type { LoadedSession, Store } from '../store/index.js';

/**
 * The branch operations, imported on first use: forking, listing and deleting trees of sessions are occasional,
 * so an app's entry chunk does not carry them (a bundler splits them into a chunk loaded on the first call).
 */
export function branchOperations(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}

/** `branchMessages`, imported on first use. */
export async function branchMessages(
  store: Pick<Store, 'loadSession'>,
  loaded: LoadedSession,
): Promise<readonly ChatMessage[]> {
  return (await branchOperations()).branchMessages(store, loaded);
}
