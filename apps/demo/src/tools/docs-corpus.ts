// The text the docs search tool searches: short sections of the demo's help, bundled with the app (nothing is
// fetched). Each section answers one thing a user of the demo may ask.

export interface DocSection {
  readonly title: string;
  readonly text: string;
}

export const DOC_SECTIONS: readonly DocSection[] = [
  {
    title: 'Context used',
    text: 'Under each reply, Context used opens the context details: every section of the request with its items, their include mode (always, manual, agent with its score, pinned) and tokens. Show excluded lists the candidates left out and why.',
  },
  {
    title: 'Budget meter',
    text: 'The budget meter next to the input shows what the draft would cost in tokens while you type, and its Breakdown. Alt+Shift+M cycles the context mode Off, Light, Heavy; Heavy lets up to 8 agent items in.',
  },
  {
    title: 'Pins',
    text: 'Pin a message, an item or a card to keep it in every request: sticky, for the next 3 turns, or for the next request only. The agent items of the last reply are offered as suggested pins on the right.',
  },
  {
    title: 'Recall and memories',
    text: 'Recall finds passages said in other sessions and adds them under Recalled with the day they were said; Forget means never again. Long chats are summarized on the device and what you stated becomes a memory, listed under Memories with Delete.',
  },
  {
    title: 'Private conversation',
    text: 'The Private conversation switch moves the session to this tab’s memory only: a reload leaves no trace of it.',
  },
  {
    title: 'Branches: edit, regenerate, fork',
    text: 'Edit starts a branch before a question with it in the input; Regenerate asks the same question again in a new branch; Fork from here starts a branch after a reply. The original conversation stays; the chat header links parent and branches.',
  },
  {
    title: 'A real model endpoint',
    text: 'Settings, An OpenAI-compatible endpoint: base URL, model and key, for example Ollama at http://localhost:11434/v1 or OpenAI. The request goes from the browser straight to it, streamed; the key stays in this browser’s localStorage only.',
  },
  {
    title: 'Tools and approval',
    text: 'The demo has three built-in tools that run in the page: a calculator for arithmetic, the current time in your time zone, and this docs search. Before a tool runs you approve or deny the call; a denied call tells the model you did not allow it. Settings can let the calculator and the time run without asking.',
  },
  {
    title: 'Export and import',
    text: 'Export writes every session to a JSON file; Import reads one back, all or nothing, and refuses sessions already present. The endpoint key is never in an export.',
  },
  {
    title: 'Semantic search with embeddings',
    text: 'Keyword retrieval (BM25) needs nothing. Settings, Add semantic search, with the URL of a folder you serve holding a sentence-embedding model such as all-MiniLM-L6-v2 and ONNX Runtime’s files in ort/.',
  },
  {
    title: 'Deleting a turn',
    text: 'Delete under a message removes its question and reply after a confirmation, erased from the database for good.',
  },
];
