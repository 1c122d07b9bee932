/** A fork asked for from a message of the transcript: what the workspace needs to open the branch. */
export interface ForkRequest {
  readonly messageId: string;
  /** Fork before the message's turn, to ask it differently; its text goes back into the input. */
  readonly before: boolean;
  readonly draft?: string;
  /** Send the draft at once in the new branch (regenerate). */
  readonly send?: boolean;
}
