import type { CtxkitLabelOverrides } from '../locale/index.js';

/** Some German labels, for the tests and the localized story: what a host would pass as `labels`. */
export const GERMAN: CtxkitLabelOverrides = {
  common: { loading: 'Wird geladen…' },
  modes: { off: 'Aus', light: 'Leicht', heavy: 'Schwer' },
  includeModes: { always: 'Immer', manual: 'Manuell', agent: 'Agent' },
  sections: { system: 'Systemprompt', rules: 'Regeln', references: 'Referenzen', tools: 'Werkzeuge' },
  summary: {
    rule: { one: '{count} Regel', other: '{count} Regeln' },
    reference: { one: '{count} Referenz', other: '{count} Referenzen' },
    tool: { one: '{count} Werkzeug', other: '{count} Werkzeuge' },
    modes: { agent: 'Agent', always: 'immer', manual: 'manuell' },
    allOfMode: 'alle {mode}',
    empty: 'Keine Einträge',
  },
  meter: {
    title: 'Kontextbudget',
    value: '{used} von {available} Tokens ({percent})',
    compact: '{used} / {available} Tokens',
    figures: 'Diese Nachricht: {used} / {available} Tokens',
    mode: 'Kontext: {mode}',
    modeState: 'Kontextmodus {mode}',
    modeClickOrPress: 'Klicken oder {hotkey} drücken für {next}.',
    breakdown: 'Aufschlüsselung',
  },
  tokenMeter: {
    title: 'Kontextfenster',
    figures: '{used} / {max} Tokens ({percent})',
    compact: '{used} / {max} Tokens',
  },
  details: { heading: 'Verwendeter Kontext', total: '· {tokens} Tokens', tokens: '{tokens} Tokens' },
  pinButton: {
    pin: 'Anheften',
    choicesNamed: '{name} wie lange anheften?',
    sticky: 'In jeder Anfrage',
    leased: { one: 'Für den nächsten Zug', other: 'Für die nächsten {count} Züge' },
    ephemeral: 'Für die nächste Anfrage',
    pinned: {
      sticky: 'Angeheftet',
      leased: 'Eine Weile angeheftet',
      ephemeral: 'Für die nächste Anfrage angeheftet',
    },
  },
};
