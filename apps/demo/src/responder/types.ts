import type { Usage } from '@ctxkit/core';

/** What a responder streams back for one request: text as it comes, then what the provider counted. */
export type ResponderEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'usage'; readonly usage: Usage }
  | { readonly type: 'model'; readonly model: string };
