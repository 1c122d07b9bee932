import { chooseMode, itemsNamedIn } from '../auto-mode/index.js';
import type { ModeChoice } from '../planner/index.js';
import { promptBudget } from '../planner/phases/index.js';
import type { ContextMode, ModeSetting, PromptPartText, SessionRecord, Turn } from '../session/index.js';
import type { EngineContext } from './context.js';

/** What choosing a turn's mode reads of its session. */
export interface ModeSource {
  readonly mode: ModeSetting;
  readonly engine: Pick<
    EngineContext<unknown>,
    'candidates' | 'catalog' | 'contextWindow' | 'reservedOutput' | 'modeLimits'
  >;
  readonly record: SessionRecord;
  readonly turns: readonly Turn[];
  systemParts(): readonly PromptPartText[];
}

/** The mode one turn is planned in: the session's own, or the one automatic mode chose and why. */
export interface TurnMode {
  readonly mode: ContextMode;
  /** Present when the session's mode is `'auto'`. */
  readonly auto?: ModeChoice;
}

/**
 * The mode of a turn for `text`. A mode the user set is used as it is; `'auto'` asks the policy, with the room the
 * window leaves for agent items once the system prompt, session items, the history as it stands and the message are
 * counted (an estimate made before planning, recorded with the choice).
 */
export function turnModeOf(core: ModeSource, text: string): TurnMode {
  const setting = core.mode;
  if (setting !== 'auto') return { mode: setting };
  const { engine } = core;
  const { candidates, catalog } = engine;
  const { window: available } = promptBudget(engine.contextWindow, engine.reservedOutput);
  let taken = candidates.tokens(text);
  for (const part of core.systemParts()) taken += candidates.prompt(part).tokens;
  for (const entry of core.record.contextItems)
    taken += candidates.catalogItem(catalog.get(entry), entry, {
      via: 'session',
      includeMode: entry.includeMode,
    }).tokens;
  for (const turn of core.turns) taken += candidates.turn(turn).tokens;
  const auto = chooseMode({
    text,
    room: Math.max(0, available - taken),
    heavyShare: Math.floor(available * engine.modeLimits.heavy.maxShare),
    namedItems: itemsNamedIn(text, catalog),
  });
  return { mode: auto.chosen, auto };
}
