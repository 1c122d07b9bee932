export { base64ToBytes, bytesToBase64, dataUrlOf, parseDataUrl } from './base64.js';
export {
  attachmentBytes,
  checkAttachment,
  checkAttachments,
  isTextMediaType,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
} from './check.js';
export {
  anthropicImageTokens,
  attachmentTokens,
  documentTokens,
  formatTextAttachment,
  geminiImageTokens,
  imageTokens,
  openaiImageTokens,
  PDF_PAGE_TOKENS,
} from './costs.js';
export { type ImageHeader, readImageHeader } from './image-size.js';
export { BYTES_PER_PAGE_ESTIMATE, countPdfPages } from './pdf-pages.js';
export {
  ATTACHMENT_COSTS,
  type Attachment,
  type AttachmentCosts,
  type AttachmentInput,
  type AttachmentSource,
  type DocumentAttachment,
  IMAGE_MEDIA_TYPES,
  type ImageAttachment,
  type ImageMediaType,
  type TextAttachment,
} from './types.js';
