/**
 * The kinds of sub-query retrieval runs besides the message itself, as a user switches them: file paths in the
 * message, code symbols in it, the subjects of its questions, and the host's activity (files opened or edited,
 * symbols hovered).
 */
export type TriggerGroup = 'paths' | 'symbols' | 'questions' | 'activity';

export const TRIGGER_GROUPS: readonly TriggerGroup[] = ['paths', 'symbols', 'questions', 'activity'];

/** Which trigger kinds run; a group left out is on. `{ symbols: false }` turns symbol sub-queries off only. */
export type TriggerSwitches = { readonly [group in TriggerGroup]?: boolean };
