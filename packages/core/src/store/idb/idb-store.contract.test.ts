import { describeStoreContract } from '../store-contract.fixtures.js';
import { openTestStore } from './idb.fixtures.js';

// The same contract MemoryStore meets, on fake-indexeddb in Node and on Chromium's IndexedDB in the browser.
describeStoreContract('IdbStore', () => openTestStore());
