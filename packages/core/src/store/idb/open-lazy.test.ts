import { describe, expect, test } from 'vitest';
import { IDB_SCHEMA_VERSION, openIdbStore, StoreVersionError } from '../../index.js';
import { freshName, openRaw } from './idb.fixtures.js';
import { SCHEMA_VERSION } from './schema.js';

// The public openIdbStore loads the store's implementation on first use (a lazy chunk in a bundle).
describe('openIdbStore from the package entry', () => {
  test('opens a working store that a second open of the same database reads back', async () => {
    const name = freshName();
    const store = await openIdbStore({ name });
    await store.putDocument('probe', { seen: true });
    const again = await openIdbStore({ name });
    expect(await again.getDocument('probe')).toEqual({ seen: true });
    store.close();
    again.close();
  });

  test('rejects as the implementation does, with the typed error', async () => {
    const name = freshName();
    (await openRaw(name, SCHEMA_VERSION + 1)).close();
    await expect(openIdbStore({ name })).rejects.toBeInstanceOf(StoreVersionError);
  });

  test('exports the schema version the implementation opens', () => {
    expect(IDB_SCHEMA_VERSION).toBe(SCHEMA_VERSION);
  });
});
