export { type SendOptions, sendMessage } from './send.js';
export { inheritedMessages, type Transcript, type TranscriptEntry, useTranscript } from './transcript.js';
