export { ReplyMarkdown } from './reply-markdown.js';
