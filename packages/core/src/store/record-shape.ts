/**
 * What a stored session record and message must look like for the engine to plan with them. Rows that parse but are
 * wrong (`pins` a string, an assistant message without its reply) are refused where they are read, naming the
 * problem, instead of failing with a TypeError in a later `prepare`. The checks are plain and cheap: they run for
 * every row a session load reads.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

const MODES: ReadonlySet<unknown> = new Set([null, 'auto', 'off', 'light', 'heavy']);
const ITEM_TYPES: ReadonlySet<unknown> = new Set(['rule', 'reference', 'tool']);
const PIN_KINDS: ReadonlySet<unknown> = new Set(['sticky', 'leased', 'ephemeral']);
const TARGET_KINDS: ReadonlySet<unknown> = new Set(['item', 'message', 'card']);

/** The first thing wrong with a session record, or null. */
export function recordProblem(record: Record<string, unknown>): string | null {
  if (!isString(record.title)) return 'its title is not a string';
  if (!isString(record.createdAt) || !isString(record.updatedAt)) return 'its dates are not strings';
  if (!Array.isArray(record.contextItems)) return 'its contextItems is not a list';
  for (const [i, item] of record.contextItems.entries())
    if (!isObject(item) || !ITEM_TYPES.has(item.type) || !isString(item.name))
      return `contextItems[${i}] is not an item reference`;
  if (!Array.isArray(record.pins)) return 'its pins is not a list';
  for (const [i, pin] of record.pins.entries()) {
    if (!isObject(pin) || !isString(pin.id) || !PIN_KINDS.has(pin.kind)) return `pins[${i}] is not a pin`;
    if (!isObject(pin.target) || !TARGET_KINDS.has(pin.target.kind)) return `pins[${i}] has no target`;
    if (pin.earned !== undefined && !(isObject(pin.earned) && isStringList(pin.earned.turnIds)))
      return `pins[${i}].earned is not { turnIds: string[] }`;
  }
  if (!MODES.has(record.mode)) return `its mode ${JSON.stringify(record.mode)} is unknown`;
  if (record.taskId !== null && !isString(record.taskId)) return 'its taskId is not a string or null';
  if (record.workspace !== null && !isString(record.workspace))
    return 'its workspace is not a string or null';
  if (!isCount(record.turnCount)) return 'its turnCount is not a count';
  if (record.checkpoints !== undefined && !Array.isArray(record.checkpoints))
    return 'its checkpoints is not a list';
  const block = record.historyBlock;
  if (block !== undefined && !(isObject(block) && isString(block.from) && isCount(block.block)))
    return 'its historyBlock is not { from: message id, block: count }';
  if (record.suggestions !== undefined && !Array.isArray(record.suggestions))
    return 'its suggestions is not a list';
  return earnedProblem(record.earned) ?? servedProblem(record.servedClusters);
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** Absent on records written before leases were earned; when present, uses by item key and dismissals. */
function earnedProblem(earned: unknown): string | null {
  if (earned === undefined) return null;
  if (!isObject(earned) || !isObject(earned.uses) || !Array.isArray(earned.dismissed))
    return 'its earned is not { uses, dismissed }';
  for (const [key, uses] of Object.entries(earned.uses))
    if (
      !Array.isArray(uses) ||
      !uses.every((use) => isObject(use) && isCount(use.turn) && isString(use.turnId))
    )
      return `its earned.uses[${JSON.stringify(key)}] is not a list of { turn, turnId }`;
  for (const [i, entry] of earned.dismissed.entries()) {
    const scope = isObject(entry) ? entry.scope : undefined;
    const scoped =
      isObject(scope) &&
      ((scope.kind === 'cluster' && isString(scope.clusterId)) ||
        (scope.kind === 'turns' && isCount(scope.untilTurn)));
    if (!isObject(entry) || !isString(entry.key) || !scoped)
      return `its earned.dismissed[${i}] is not { key, scope }`;
  }
  return null;
}

/** Absent on records written before reuse; when present, clusters with their centroid, turns and items. */
function servedProblem(served: unknown): string | null {
  if (served === undefined) return null;
  if (!Array.isArray(served)) return 'its servedClusters is not a list';
  for (const [i, entry] of served.entries()) {
    const ok =
      isObject(entry) &&
      isString(entry.id) &&
      Array.isArray(entry.centroid) &&
      entry.centroid.every((value) => typeof value === 'number' && Number.isFinite(value)) &&
      isStringList(entry.turnIds) &&
      isStringList(entry.items);
    if (!ok) return `its servedClusters[${i}] is not { id, centroid, turnIds, items }`;
  }
  return null;
}

/** The first thing wrong with a stored message, or null. */
export function messageProblem(message: unknown): string | null {
  if (!isObject(message) || !isString(message.id) || !isString(message.role))
    return 'it is not a message (no id or role)';
  if (!isString(message.createdAt)) return 'it has no date';
  if ('erased' in message && message.erased !== true) return 'its erased flag is not true';
  switch (message.role) {
    case 'user':
      if (!isString(message.content)) return 'a user message without its text';
      if (message.attachments === undefined) return null;
      if (!Array.isArray(message.attachments)) return 'its attachments are not a list';
      for (const [i, attachment] of message.attachments.entries()) {
        const problem = attachmentProblem(attachment);
        if (problem) return `its attachment ${i} ${problem}`;
      }
      return null;
    case 'system':
    case 'error':
      return isString(message.content) ? null : `a ${message.role} message without its text`;
    case 'assistant':
      return isObject(message.modelReply) && isString(message.modelReply.content)
        ? null
        : 'an assistant message without its reply';
    case 'tool':
      if (!isString(message.toolCallId) || !isString(message.content))
        return 'a tool result without its call or text';
      return message.approval === undefined ||
        message.approval === 'approved' ||
        message.approval === 'denied'
        ? null
        : `its approval ${JSON.stringify(message.approval)} is neither 'approved' nor 'denied'`;
    default:
      return `its role ${JSON.stringify(message.role)} is unknown`;
  }
}

/** The first thing wrong with a stored attachment (as a renderer would read it), or null. */
function attachmentProblem(attachment: unknown): string | null {
  if (!isObject(attachment) || !isString(attachment.mediaType)) return 'has no media type';
  if (attachment.kind === 'text') return isString(attachment.text) ? null : 'is a text file without its text';
  if (attachment.kind !== 'image' && attachment.kind !== 'document') return 'is of no known kind';
  const source = attachment.source;
  const readable =
    isObject(source) &&
    ((source.type === 'base64' && isString(source.data)) || (source.type === 'url' && isString(source.url)));
  if (!readable) return 'has no readable source';
  return attachment.kind === 'document' && !isCount(attachment.pages) ? 'is a PDF without its pages' : null;
}
