import type { ChatMessage } from '../session/index.js';
import type { LoadedSession, Store } from '../store/index.js';
import type { BranchView } from './assemble.js';

/**
 * The branch operations, imported on first use: forking, listing and deleting trees of sessions are occasional,
 * so an app's entry chunk does not carry them (a bundler splits them into a chunk loaded on the first call).
 */
export function branchOperations(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}

/**
 * `branchMessages`, imported on first use. A session that is not a branch sees its own messages, with no import:
 * opening one then takes no trip through the event loop, where a long session's other reads would land.
 */
export async function branchMessages(
  store: Pick<Store, 'loadSession'>,
  loaded: LoadedSession,
): Promise<readonly ChatMessage[]> {
  if (!loaded.record.branch) return loaded.messages;
  return (await branchOperations()).branchMessages(store, loaded);
}

/** `branchView`, imported on first use, as `branchMessages` is: a root session writes everything it sees. */
export async function branchView(
  store: Pick<Store, 'loadSession'>,
  loaded: LoadedSession,
): Promise<BranchView> {
  if (!loaded.record.branch) return { messages: loaded.messages, writtenIn: new Map() };
  return (await branchOperations()).branchView(store, loaded);
}
