export { HostTurn, openTurn } from './host-turn.js';
export { DEFAULT_MAX_ROUNDS } from './round-limit.js';
export { driveTurn, runTurn } from './run-turn.js';
export type {
  HostTurnState,
  ModelAnswer,
  ModelCallContext,
  OpenTurnOptions,
  ReplyStep,
  RoundLimitRule,
  RunTurnOptions,
  StaleRule,
  ToolRunContext,
  TurnCallbacks,
  TurnOutcome,
  TurnRules,
  TurnSource,
} from './types.js';
