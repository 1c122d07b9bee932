import type { ErrorIssue } from '../errors/index.js';
import { ValidationError } from '../errors/index.js';
import type { ContextPlan } from '../planner/index.js';
import { withTokenCache } from '../tokens/index.js';
import type { EngineContext } from './context.js';
import {
  defaultReservedOutput,
  loadModelCounting,
  type ModelSettings,
  modelSettingsIssues,
} from './model.js';

/** The parts of an engine's context a switch of model changes. */
type ModelContext<R> = {
  -readonly [K in
    | 'candidates'
    | 'reflection'
    | 'model'
    | 'contextWindow'
    | 'reservedOutput'
    | 'render']: EngineContext<R, unknown>[K];
};

/**
 * `engine.setModel`, a chunk of its own: an app that never switches models does not load it. Bad settings are one
 * ValidationError naming each, and change nothing.
 */
export async function switchModel<R>(
  context: ModelContext<R>,
  settings: ModelSettings & { readonly render?: (plan: ContextPlan) => R },
): Promise<void> {
  const given = (settings ?? {}) as Partial<ModelSettings> & { render?: unknown };
  const reservedOutput =
    given.reservedOutput ??
    (Number.isInteger(given.contextWindow) ? defaultReservedOutput(given.contextWindow as number) : 0);
  const issues: ErrorIssue[] = modelSettingsIssues(given, reservedOutput, 'settings.');
  if (given.render !== undefined && typeof given.render !== 'function')
    issues.push({ path: 'settings.render', message: 'must be a function from a plan to a request' });
  if (issues.length > 0) throw new ValidationError('Invalid model settings', issues);
  const counting = await loadModelCounting(settings);
  // Everything switches at once, after the tokenizer loaded: no request is planned with half of the change.
  context.candidates.use(withTokenCache(counting.counter), counting.template);
  context.reflection.useModel(settings.model, counting.counter.encoding);
  context.model = settings.model;
  context.contextWindow = settings.contextWindow;
  context.reservedOutput = reservedOutput;
  if (settings.render) context.render = settings.render;
}
