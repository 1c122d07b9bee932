export {
  createDemoEngine,
  DATABASE_NAME,
  type DemoEngine,
  embedderUrls,
  openDemoStore,
  RESERVED_OUTPUT,
} from './engine.js';
