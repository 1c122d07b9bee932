import {
  CleanupSuggestion,
  ContextPicker,
  MemoryList,
  PinManager,
  PrivateSwitch,
  RecallSwitch,
  TaskField,
  TriggerSwitches,
  usePins,
  WorkspaceEditor,
} from '@ctxkit/react';
import { useMemo, useState } from 'react';
import { useTranscript } from '../chat/index.js';
import { suggestedPins } from './suggestions.js';

/** The session's pins (with suggestions from the last reply) and the catalog picker. */
export function SidePanel({
  sessionId,
  onEscape,
  onOpenSession,
}: {
  sessionId: string;
  onEscape?: () => void;
  /** A memory's source conversation clicked. */
  onOpenSession?: (sessionId: string) => void;
}) {
  const transcript = useTranscript(sessionId);
  const pins = usePins(sessionId);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const suggestions = useMemo(
    () =>
      suggestedPins(
        (transcript.entries ?? []).map((entry) => entry.message),
        pins.data ?? [],
        dismissed,
      ),
    [transcript.entries, pins.data, dismissed],
  );
  const drop = (id: string) => setDismissed((current) => new Set([...current, id]));
  return (
    <aside
      id="side-panel"
      tabIndex={-1}
      className="side"
      aria-label="Context of this session"
      onKeyDown={(event) => {
        // Inner parts (a dialog, a popover) close first and stop the key; what reaches here closes the drawer.
        if (event.key === 'Escape' && !event.defaultPrevented) onEscape?.();
      }}
    >
      <section className="side__section" aria-label="Pins">
        <PinManager
          sessionId={sessionId}
          suggestions={suggestions.slice(0, 4)}
          onAcceptSuggestion={(suggestion) => drop(suggestion.id)}
          onDismissSuggestion={(suggestion) => drop(suggestion.id)}
          promoteLease={{ kind: 'turns', turns: 3 }}
        />
        <CleanupSuggestion sessionId={sessionId} />
      </section>
      <section className="side__section" aria-label="Recall and privacy">
        <RecallSwitch sessionId={sessionId} />
        <PrivateSwitch sessionId={sessionId} />
      </section>
      <section className="side__section" aria-label="Retrieval triggers">
        <TriggerSwitches sessionId={sessionId} />
      </section>
      <section className="side__section" aria-label="Workspace and task">
        <WorkspaceEditor sessionId={sessionId} />
        <TaskField sessionId={sessionId} />
      </section>
      <section className="side__section" aria-label="Session context">
        <ContextPicker sessionId={sessionId} />
      </section>
      <div className="side__section">
        <MemoryList {...(onOpenSession && { onSourceClick: onOpenSession })} />
      </div>
    </aside>
  );
}
