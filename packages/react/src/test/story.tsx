import type { Engine } from '@ctxkit/core';
import type { ComponentType, ReactNode } from 'react';
import { Kit } from './kit.js';

/** What story loaders hand to `render`: an engine with real data and the ids to show. */
export interface Loaded {
  readonly engine: Engine;
  readonly sessionId: string;
  readonly replyId?: string;
}

export function asLoaded(loaded: Record<string, unknown>): Loaded {
  return loaded as unknown as Loaded;
}

export function Frame({ engine, children }: { engine: Engine; children: ReactNode }) {
  return (
    <Kit engine={engine}>
      <div className="ctxkit-story-frame">{children}</div>
    </Kit>
  );
}

/** A story `render` showing `Component` for the loaded session, in a `Frame` with the loaded engine. */
export function renderForSession<Props extends { readonly sessionId: string }>(
  Component: ComponentType<Props>,
) {
  return (args: Props, { loaded }: { readonly loaded: Record<string, unknown> }) => {
    const { engine, sessionId } = asLoaded(loaded);
    return (
      <Frame engine={engine}>
        <Component {...args} sessionId={sessionId} />
      </Frame>
    );
  };
}
