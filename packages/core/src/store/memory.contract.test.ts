import { MemoryStore } from './index.js';
import { describeStoreContract } from './store-contract.fixtures.js';

describeStoreContract('MemoryStore', async () => new MemoryStore());
