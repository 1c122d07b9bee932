import type { ToolCall } from '@ctxkit/core';
import { useEffect, useRef, useState } from 'react';

// A stand-in for the kit's ToolApproval (`@ctxkit/react`), with its API: `calls` and `onSettled` once every call has
// a decision. It goes once the kit exports its own.

export interface ToolApprovalProps {
  readonly calls: readonly ToolCall[];
  readonly onSettled: (decisions: Readonly<Record<string, 'approved' | 'denied'>>) => void;
}

const toolName = (name: string) => name.split('__').join(': ');

export function ToolApproval({ calls, onSettled }: ToolApprovalProps) {
  const [decisions, setDecisions] = useState<Readonly<Record<string, 'approved' | 'denied'>>>({});
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || !calls.every((call) => decisions[call.id])) return;
    settled.current = true;
    onSettled(decisions);
  }, [calls, decisions, onSettled]);
  return (
    <section className="ctxkit-approval" aria-label="Tool calls to approve">
      <h3 className="ctxkit-approval__heading">
        {calls.length === 1 ? 'Run this tool call?' : `Run these ${calls.length} tool calls?`}
      </h3>
      <ol className="ctxkit-approval__list">
        {calls.map((call) => {
          const name = toolName(call.name);
          const decision = decisions[call.id];
          return (
            <li key={call.id} className="ctxkit-approval__call" data-decision={decision ?? 'open'}>
              <p className="ctxkit-approval__name">{name}</p>
              <pre className="ctxkit-tools__code">{JSON.stringify(call.arguments, null, 2)}</pre>
              {decision ? (
                <p role="status">{decision === 'approved' ? `Allowed: ${name}` : `Denied: ${name}`}</p>
              ) : (
                <div className="ctxkit-approval__actions">
                  {(['approved', 'denied'] as const).map((choice) => (
                    <button
                      key={choice}
                      type="button"
                      className="chip"
                      aria-label={`${choice === 'approved' ? 'Allow' : 'Deny'} ${name}`}
                      onClick={() => setDecisions((current) => ({ ...current, [call.id]: choice }))}
                    >
                      {choice === 'approved' ? 'Allow' : 'Deny'}
                    </button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
