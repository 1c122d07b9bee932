/**
 * Every text the kit renders, in English. A label is a template: `{name}` is replaced by a value the kit gives
 * (numbers already formatted for the locale). A plural label is an object of forms by `Intl.PluralRules` category
 * (`zero`, `one`, `two`, `few`, `many`, `other`; `other` required), chosen by its `{count}`.
 */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Forms of a label by plural category; `other` is required, and used for a category that is not given. */
export type PluralForms = { readonly other: string } & {
  readonly [C in Exclude<PluralCategory, 'other'>]?: string;
};

export const PLURAL_CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const plural = (one: string, other: string): PluralForms => ({ one, other });

const ENGLISH = {
  common: {
    loading: 'Loading…',
    /** `{what}: {error}`, an action's failure with the error's message. */
    failed: '{what}: {error}',
  },
  modes: { off: 'Off', light: 'Light', heavy: 'Heavy' },
  includeModes: { always: 'Always', manual: 'Manual', agent: 'Agent' },
  pinKinds: { sticky: 'Sticky', leased: 'Leased', ephemeral: 'Ephemeral' },
  sections: {
    system: 'System prompt',
    rules: 'Rules',
    references: 'References',
    tools: 'Tools',
    pins: 'Pins',
    memory: 'Memory',
    recall: 'Recalled',
    history: 'History',
    current: 'Message',
    workspace: 'Workspace',
  },
  /** The selection summary: "5 rules (3 agent, 2 always), 1 tool (manual)". */
  summary: {
    rule: plural('{count} rule', '{count} rules'),
    reference: plural('{count} reference', '{count} references'),
    tool: plural('{count} tool', '{count} tools'),
    entry: '{items} ({modes})',
    modes: { agent: 'agent', always: 'always', manual: 'manual' },
    modeCount: '{count} {mode}',
    allOfMode: 'all {mode}',
    separator: ', ',
    empty: 'No items',
  },
  /** Why a candidate was sent, or left out, in words. */
  reasons: {
    pill: '{mode} {score}',
    budget: 'did not fit: needed {needed} tokens, {remaining} left',
    historyCutoff: 'older than a turn that did not fit',
    historyCutoffBlock: 'before history block {block}: history was cut so requests keep their cached start',
    belowThreshold: 'score {score} below the minimum {threshold}',
    modeLimit: "beyond the {mode} mode's limit of {limit}",
    agentShare: 'retrieved items may take at most {cap} tokens',
    duplicate: 'already included through the session or a pin',
    missing: 'no longer in the catalog',
    disabled: 'disabled in the catalog',
    memoryShare: 'memories may take at most {cap} tokens',
    recallShare: 'recalled passages may take at most {cap} tokens',
    duplicateOfHistory: 'already sent with the history',
    summarized: 'summarized in an earlier checkpoint',
    historyShare: 'history may take at most {cap} tokens',
    historyShareFailed: 'history may take at most {cap} tokens, and the summary failed',
    capsuleStale: 'its reference changed since this summary was written',
    capsuleIncluded: 'its reference was sent in full',
    capsuleAbsent: 'its reference was not a candidate',
    capsuleUnused: 'its reference was left out for a reason a summary does not answer',
    systemPrompt: 'system prompt',
    session: {
      always: 'in the session (always)',
      manual: 'in the session (manual)',
      agent: 'in the session (agent)',
    },
    pinned: { sticky: 'sticky pin', leased: 'leased pin', ephemeral: 'ephemeral pin' },
    memory: 'learned in another conversation',
    recalled: 'said earlier, on {date} (score {score})',
    previousTurn: 'the previous turn',
    history: plural('history, {count} turn back', 'history, {count} turns back'),
    checkpoint: 'summary of turns {from}–{to}',
    currentTurn: 'your message',
    workspace: 'workspace',
    capsule: 'a summary sent in place of its reference, which did not fit',
    agent: '{where} ({figures})',
    agentFigures: 'score {score}, rank {rank}',
    agentMatches: 'matches your message',
    agentCarried: 'carried from your {from}, {relation}',
    agentPrevious: 'previous message',
    agentBack: 'message {age} back',
    agentFollowUp: 'which this one follows up',
    agentSharedTerms: 'which shares a subject with this one',
    agentActive: '{reason}, active in this conversation',
    /** What remains of a lease. */
    leaseTurns: plural('{remaining} of {count} turn left', '{remaining} of {count} turns left'),
    leaseTask: 'while task {task}',
    leaseCluster: 'while the conversation stays on this topic',
  },
  /** How candidates are named. */
  candidates: {
    fragment: 'Fragment {name}',
    prompt: { global: 'global prompt', agent: 'agent prompt' },
    current: 'Your message',
    workspace: 'Workspace',
    checkpoint: 'Summary of turns {from}–{to}',
    capsule: 'Summary of {name}',
    recall: 'Said on {date}: {text}',
    preference: 'Preference: {key} = {value}',
    keyPoint: 'Key point: {text}',
    turn: 'Turn: {text}',
  },
  meter: {
    estimating: 'Estimating…',
    error: 'Could not estimate the context: {error}',
    title: 'Context budget',
    value: '{used} of {available} tokens ({percent})',
    segment: '{section}: {tokens} tokens',
    compact: '{used} / {available} tokens',
    figures: 'This message: {used} / {available} tokens',
    figuresOver: 'Over budget: {used} / {available} tokens',
    calibrationTitle: 'Likely between {low} and {high} tokens as the model counts them',
    calibration: plural(
      'Model count: ≈ {tokens} tokens (± {uncertainty}), calibrated on {count} reply',
      'Model count: ≈ {tokens} tokens (± {uncertainty}), calibrated on {count} replies',
    ),
    calibrationTightened: ' — budget adjusted',
    waste:
      'Unused automatic context, last reply: {last}. This session: {share} of {tokens} tokens (target below {target}).',
    wasteLast: '{share} of {tokens} tokens',
    wasteNothing: 'nothing was added automatically',
    unused: 'Never referenced in the last reply',
    overMessage:
      'This message is {tokens} tokens, {over} more than fit (at most {room}). Shorten it or send it in parts.',
    overContext:
      'Required context is {over} tokens over the budget. Remove session items or sticky pins to send.',
    lastReplyUnreported: 'Last reply: estimated {estimated} tokens (no usage reported)',
    lastReply: 'Last reply: {actual} tokens used, estimated {estimated} ({difference})',
    lastReplyCached: '· {cached} cached, {fresh} new',
    mode: 'Context: {mode}',
    modeOverride: '(this session)',
    modeTitle: '{state}. {action}',
    modeState: 'Context mode {mode}',
    modeStateOverride: 'Context mode {mode} (this session)',
    modeClick: 'Click for {next}.',
    modeClickOrPress: 'Click or press {hotkey} for {next}.',
    breakdown: 'Breakdown',
    bySection: 'By section',
    added: 'Added automatically',
    addedInMode: 'Added automatically ({mode} mode)',
    addedNothing: 'Nothing: only your session items, sticky pins and history.',
    leftOut: 'Retrieved but left out',
    neverReferenced: 'Never referenced',
    hotkeyHint: '{hotkey} cycles the context mode ({off}, {light}, {heavy}).',
    useDefaultMode: 'Use the default mode ({mode})',
    followsDefault: 'This session follows the default mode.',
    modeError: 'Could not change the mode: {error}',
    cost: 'Last reply cost {cost}',
    costSaved: 'Last reply cost {cost} · the prompt cache saved {saved}',
    prefix:
      "Stable start: {prefix} of {used} tokens ({percent}) repeat from the last request, so a provider's prompt cache can serve them",
  },
  tokenMeter: {
    title: 'Context window',
    value: '{used} of {max} tokens ({percent})',
    figures: '{used} / {max} tokens ({percent})',
    compact: '{used} / {max} tokens',
    lastReply: 'Last reply: {details}',
    input: 'Input {tokens}',
    inputCached: 'Input {tokens} ({cached} cached)',
    output: 'Output {tokens}',
    reasoning: 'Reasoning {tokens}',
    separator: ' · ',
  },
  details: {
    heading: 'Context used',
    error: 'Could not load the context: {error}',
    empty: 'No context data available',
    total: '· {tokens} tokens',
    section: '{section} ({count})',
    tokens: '{tokens} tokens',
    notRelevant: 'Not relevant',
    notRelevantName: 'Not relevant here: {item}',
    notRelevantDone: 'Marked not relevant',
    notRelevantFailed: 'Could not record it',
    forget: 'Forget',
    forgetName: 'Forget: {item}',
    forgetDone: 'Forgotten',
    forgetFailed: 'Could not forget it',
    forgetTitle: 'Never recall this again',
    pillAlways: 'Always: sent with every message',
    pillManual: 'Manual: added to this session by hand',
    pillAgent: 'Agent: chosen for this message by retrieval',
    pillAgentScore:
      'Agent: chosen for this message by retrieval; relevance score {score} (higher is more relevant)',
    pillSummary: 'Summary',
    pillPinned: 'Pinned',
    pillLeased: 'Leased',
    pillCard: 'Card',
    showExcluded: 'Show excluded ({count})',
    hideExcluded: 'Hide excluded ({count})',
    excludedError: 'Excluded items are unavailable: {error}',
    loadingPlan: 'Loading the plan…',
    nothingLeftOut: 'Nothing was left out.',
    comparison: 'Compared with previous turn',
    comparisonCounts: 'Compared with previous turn ({entered} entered, {left} left)',
    comparisonTokens: '{before} → {after} tokens',
    comparisonError: "The previous turn's plan is unavailable: {error}",
    loadingPrevious: 'Loading the previous plan…',
    entered: 'Entered ({count})',
    left: 'Left ({count})',
    nothingEntered: 'Nothing new was sent.',
    nothingLeft: 'Nothing was dropped.',
    enteredReason: 'now: {reason}; before: {other}',
    leftReason: 'before: {reason}; now: {other}',
    notCandidate: 'not a candidate',
  },
  picker: {
    heading: 'Session context',
    groups: { rule: 'Rules', reference: 'References', tool: 'Tools' },
    error: 'Could not load the catalog: {error}',
    noMatch: 'No items match “{query}”.',
    noItems: 'The catalog has no enabled items.',
    actionError: 'Could not change the session: {error}',
    search: 'Search rules, references and tools',
    placeholder: 'Search…',
    count:
      '{shown} shown, {added} added to this session (replies may also get items chosen for each message)',
    group: '{type} ({count})',
  },
  pins: {
    heading: 'Pinned context',
    error: 'Could not load the pins: {error}',
    empty: 'Nothing is pinned. Pin a message or an item to keep it in context.',
    actionError: 'Could not change the pins: {error}',
    group: '{kind} ({count})',
    leftOut: 'left out: no room',
    tokens: '{tokens} tokens',
    promote: 'Promote',
    promoteName: '{title} to leased',
    unpin: 'Unpin',
    suggested: 'Suggested pins',
    accept: 'Accept',
    dismiss: 'Dismiss',
    hint: 'Suggested pins ({count})',
    message: 'A message',
    user: 'You: {text}',
    assistant: 'Assistant: {text}',
    tool: 'Tool: {text}',
  },
  pinButton: {
    pin: 'Pin',
    choices: 'Pin for how long?',
    choicesNamed: 'Pin {name} for how long?',
    sticky: 'In every request',
    leased: plural('For the next turn', 'For the next {count} turns'),
    ephemeral: 'For the next request',
    pinned: { sticky: 'Pinned', leased: 'Pinned for a while', ephemeral: 'Pinned for the next request' },
    error: 'Could not pin it: {error}',
  },
  switches: {
    error: 'Could not change it: {error}',
    private: 'Private conversation',
    privateOn:
      'Kept in this tab only: closing or reloading it leaves no trace, and nothing is remembered from it.',
    privateOff: 'Stored on this device, and remembered across conversations.',
    recall: 'Recall earlier conversations',
    recallPrivate: 'A private conversation is never recalled.',
    recallMemoryOff: 'This conversation keeps no memory, so it is never recalled.',
    recallOn:
      'Passages of earlier conversations relevant to each message are sent with it, quoted and dated.',
    recallOff: 'Nothing is recalled from or into this conversation.',
  },
  memories: {
    heading: 'Memories',
    loading: 'Loading memories…',
    error: 'Memories could not be read: {error}',
    empty: 'Nothing remembered yet: key points appear here when conversations are summarized.',
    from: 'From {source}, {date}',
    preferenceFrom: 'Preference from {source}, {date}',
    deletedSource: 'a deleted conversation',
    delete: 'Delete',
    deleteName: 'Delete {text}',
    deleteError: 'Could not delete it: {error}',
  },
  toolTrace: {
    title: 'Tool calls',
    heading: 'Tool calls ({count})',
    tool: '{server}: {tool}',
    status: '({status})',
    done: 'done',
    failed: 'failed',
    missing: 'no result',
    arguments: 'Arguments',
    result: 'Result',
    error: 'Error',
    showWhole: 'Show the whole output',
    wholeError: 'The whole output could not be read: {error}',
  },
};

type Widen<T> = T extends string
  ? string
  : T extends PluralForms
    ? PluralForms | string
    : { readonly [K in keyof T]: Widen<T[K]> };

/** Every label, as the kit uses them: the shape of `DEFAULT_LABELS`. */
export type CtxkitLabels = Widen<typeof ENGLISH>;

/** The kit's English labels, the defaults every override is merged over. */
export const DEFAULT_LABELS: CtxkitLabels = ENGLISH;

type Overrides<T> = T extends string | PluralForms ? T : { readonly [K in keyof T]?: Overrides<T[K]> };

/** Labels to change, any subset at any depth; the rest stay as they are (English by default). */
export type CtxkitLabelOverrides = Overrides<CtxkitLabels>;
