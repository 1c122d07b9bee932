export {
  type CatalogToolOverrides,
  type CatalogToolsOptions,
  catalogTools,
  functionNamedTools,
} from './catalog-tools.js';
export { toolRunnerOf } from './tool-runner.js';
