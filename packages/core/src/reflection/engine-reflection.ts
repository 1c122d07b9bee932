import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { ContextPlan, PlanCalibration, PlanInput } from '../planner/index.js';
import type {
  ModelReply,
  Pin,
  SessionRecord,
  TurnStep,
  UsageReport,
  UserDecision,
  UserMessage,
  Waste,
} from '../session/index.js';
import type { Store } from '../store/index.js';
import { type CacheUsage, sessionCacheUsage } from './cache-usage.js';
import { Calibrator } from './calibrator.js';
import { exportTelemetry, resolvePromotion, sessionWaste } from './engine-parts.js';
import type { PromotionRules } from './rules.js';
import { withDecision, withReflection } from './state.js';
import { type ReflectedTurn, reflectTurn } from './turn.js';

/** What an engine's reflection offers its host: `engine.reflection`. */
export interface Reflection {
  /**
   * What usage reports taught about the model's real prompt tokens: real ≈ planned × `factor`, give or take
   * `spread` (log units). Factor 1 with a prior spread until a report with an actual count is learned.
   */
  calibration(): Promise<PlanCalibration>;
  /** Forgets what usage reports taught for this engine's model, in the store too: planning uses factor 1 again. */
  resetCalibration(): Promise<void>;
  /** How much of a session's input the provider read from its prompt cache, from the usage reports that said. */
  cacheUsage(sessionId: string): Promise<CacheUsage>;
  /**
   * The share of automatically added tokens (retrieved items, memories) the replies never referenced, over every
   * committed turn of a session. The target is below 30 %.
   */
  waste(sessionId: string): Promise<Waste>;
  /**
   * Per-turn telemetry as JSON lines (plan ids, retrieval set, tools called, usage, references, waste, pin
   * changes, the user's decisions), for one session or every stored one. Local: nothing is sent; no message text.
   */
  exportTelemetry(sessionId?: string): Promise<string>;
}

/** The engine's side of the reflection: what sessions call at planning and commit, and the host's `Reflection`. */
export class EngineReflection implements Reflection {
  readonly #store: Store;
  readonly #calibrator: Calibrator;
  readonly promotion: PromotionRules;

  constructor(store: Store, calibrator: Calibrator, promotion: PromotionRules) {
    this.#store = store;
    this.#calibrator = calibrator;
    this.promotion = promotion;
  }

  calibration(): Promise<PlanCalibration> {
    return this.#calibrator.current();
  }

  resetCalibration(): Promise<void> {
    return this.#calibrator.reset();
  }

  cacheUsage(sessionId: string): Promise<CacheUsage> {
    return sessionCacheUsage(this.#store, sessionId);
  }

  waste(sessionId: string): Promise<Waste> {
    return sessionWaste(this.#store, sessionId);
  }

  exportTelemetry(sessionId?: string): Promise<string> {
    return exportTelemetry(this.#store, sessionId);
  }

  /**
   * A plan input with activation ranking and calibration (see `withReflection`); activation ranks only when the
   * message follows up on the conversation (`followUp`, from the retrieval set).
   */
  planInput(input: PlanInput, record: SessionRecord, followUp = true): PlanInput {
    return withReflection(input, record, this.#calibrator, followUp);
  }

  /**
   * Reflects on a turn being committed: `steps` are its replies and tool results, the final reply last (as a
   * `ModelReply`); `counted` the pins it was planned with.
   */
  turn(
    record: SessionRecord,
    prepared: { readonly plan: ContextPlan; readonly userMessage: UserMessage },
    steps: readonly (TurnStep | ModelReply)[],
    counted: ReadonlySet<string>,
    clusterEnded: readonly Pin[] = [],
  ): ReflectedTurn {
    return reflectTurn({
      record,
      plan: prepared.plan,
      replies: steps.flatMap((step) =>
        'role' in step ? (step.role === 'assistant' ? [step.modelReply] : []) : [step],
      ),
      userText: prepared.userMessage.content,
      counted,
      rules: this.promotion,
      clusterEnded,
    });
  }

  /** The record with a decision the pins cannot tell (a suggestion accepted or dismissed), for the next commit. */
  decide(record: SessionRecord, decision: UserDecision): SessionRecord {
    return withDecision(record, decision);
  }

  /** Calibrates for another model (the engine switched): that model's own reports apply from now on. */
  useModel(model: string, encoding: string): void {
    this.#calibrator.useModel(model, encoding);
  }

  /** Learns from a turn's usage reports, off the commit's path. */
  learn(reports: readonly UsageReport[]): void {
    this.#calibrator.learn(reports);
  }
}

/** The reflection of a new engine: its promotion rules checked, its stored calibration read. */
export async function openReflection(
  store: Store,
  model: string,
  encoding: string,
  promotion: Partial<PromotionRules> | undefined,
): Promise<EngineReflection> {
  const issues: ErrorIssue[] = [];
  const rules = resolvePromotion(promotion, issues);
  if (issues.length > 0) throw new ValidationError('Invalid engine options', issues);
  const calibrator = new Calibrator(store, model, encoding);
  await calibrator.load();
  return new EngineReflection(store, calibrator, rules);
}
