// fake-indexeddb 6 ships no types for its `auto` entry, which only installs its globals (used by Node tests).
declare module 'fake-indexeddb/auto';
