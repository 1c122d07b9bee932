import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { UseKind } from '../retrieval-types/index.js';
import {
  checkBoolean,
  checkKnownFields,
  checkText,
  describe,
  isRecord,
  throwIfAny,
} from '../validation/index.js';
import { triggerSwitchIssues } from './trigger-switches.js';

// What the public entries of retrieval and learning are handed is checked where it comes in: a malformed value is a
// ValidationError naming its path (`event.keys[2]`), never a silent no-op or a TypeError deep inside a ranking, and
// never something stored. The checks are plain and cheap: they run on every selection and every piece of evidence.

/** Every kind of evidence, as a record so the compiler says when a kind is added and not listed here. */
const KINDS: Readonly<Record<UseKind, true>> = {
  called: true,
  referenced: true,
  pinned: true,
  accepted: true,
  unused: true,
  removed: true,
  'not-relevant': true,
};
const KIND_NAMES = Object.keys(KINDS) as UseKind[];

const MODES = ['off', 'light', 'heavy'];
const ACTIVITY_TYPES = ['file_open', 'file_edit', 'file_close', 'symbol_hover'];

function checkString(value: unknown, path: string, issues: ErrorIssue[], optional = false): boolean {
  if (value === undefined && optional) return true;
  if (typeof value === 'string') return true;
  issues.push({ path, message: `must be a string, got ${describe(value)}` });
  return false;
}

function checkStrings(value: unknown, path: string, issues: ErrorIssue[], optional = false): void {
  if (value === undefined && optional) return;
  if (!Array.isArray(value)) {
    issues.push({ path, message: `must be a list of strings, got ${describe(value)}` });
    return;
  }
  value.forEach((entry, i) => {
    checkString(entry, `${path}[${i}]`, issues);
  });
}

/** A number in [min, max] (an integer when asked); `optional` accepts undefined. */
export function checkNumber(
  value: unknown,
  path: string,
  issues: ErrorIssue[],
  range: {
    readonly min?: number;
    readonly max?: number;
    readonly integer?: boolean;
    readonly optional?: boolean;
  },
): void {
  if (value === undefined && range.optional) return;
  const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY, integer = false } = range;
  const fine =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    (!integer || Number.isInteger(value));
  if (fine) return;
  const bounds =
    min > Number.NEGATIVE_INFINITY && max < Number.POSITIVE_INFINITY
      ? ` between ${min} and ${max}`
      : min > Number.NEGATIVE_INFINITY
        ? ` ≥ ${min}`
        : max < Number.POSITIVE_INFINITY
          ? ` ≤ ${max}`
          : '';
  issues.push({
    path,
    message: `must be ${integer ? 'an integer' : 'a finite number'}${bounds}, got ${describe(value)}`,
  });
}

/** Evidence of use handed to `recordUse`: a known kind, the user message it is about, the item keys, a weight in 0–1. */
export function checkUseEvent(event: unknown, path = 'event'): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(event)) issues.push({ path, message: `must be an object, got ${describe(event)}` });
  else {
    checkKnownFields(event, ['kind', 'query', 'keys', 'weight'], path, issues);
    if (!KIND_NAMES.includes(event.kind as UseKind))
      issues.push({
        path: `${path}.kind`,
        message: `must be one of ${KIND_NAMES.map((kind) => `'${kind}'`).join(', ')}, got ${describe(event.kind)}`,
      });
    checkString(event.query, `${path}.query`, issues);
    checkStrings(event.keys, `${path}.keys`, issues);
    if (event.weight !== undefined) checkNumber(event.weight, `${path}.weight`, issues, { min: 0, max: 1 });
  }
  throwIfAny('Invalid evidence of use', issues);
}

/** What `select` is asked: a message, a catalog, the keys to leave out, a limit, and the optional session fields. */
export function checkSelectionRequest(request: unknown, path = 'request'): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(request)) issues.push({ path, message: `must be an object, got ${describe(request)}` });
  else {
    checkString(request.query, `${path}.query`, issues);
    const catalog = request.catalog as { agentItems?: unknown } | null | undefined;
    if (typeof catalog?.agentItems !== 'function')
      issues.push({ path: `${path}.catalog`, message: 'must be a catalog made by defineCatalog' });
    const exclude = request.exclude as { has?: unknown; [Symbol.iterator]?: unknown } | null | undefined;
    if (typeof exclude?.has !== 'function' || typeof exclude[Symbol.iterator] !== 'function')
      issues.push({
        path: `${path}.exclude`,
        message: `must be a Set of item keys, got ${describe(exclude)}`,
      });
    checkNumber(request.limit, `${path}.limit`, issues, { min: 0, integer: true });
    checkText(request.sessionId, `${path}.sessionId`, issues, { optional: true });
    checkBoolean(request.peek, `${path}.peek`, issues);
    if (request.mode !== undefined && !MODES.includes(request.mode as string))
      issues.push({
        path: `${path}.mode`,
        message: `must be 'off', 'light' or 'heavy', got ${describe(request.mode)}`,
      });
    triggerSwitchIssues(request.triggers, `${path}.triggers`, issues);
  }
  throwIfAny('Invalid selection request', issues);
}

/** Host activity handed to `observeActivity`. */
export function checkActivityEvent(event: unknown, path = 'event'): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(event)) issues.push({ path, message: `must be an object, got ${describe(event)}` });
  else {
    checkKnownFields(event, ['type', 'filePath', 'symbols'], path, issues);
    if (!ACTIVITY_TYPES.includes(event.type as string))
      issues.push({
        path: `${path}.type`,
        message: `must be one of ${ACTIVITY_TYPES.map((type) => `'${type}'`).join(', ')}, got ${describe(event.type)}`,
      });
    checkString(event.filePath, `${path}.filePath`, issues, true);
    checkStrings(event.symbols, `${path}.symbols`, issues, true);
  }
  throwIfAny('Invalid activity', issues);
}

/** A message or query text (`embedQuery`, `extractTriggers`, `tokenize`). */
export function checkQueryText(text: unknown, path: string, what: string): void {
  const issues: ErrorIssue[] = [];
  checkString(text, path, issues);
  throwIfAny(what, issues);
}

/** A catalog handed to `warm`. */
export function checkCatalog(catalog: unknown, path: string): void {
  if (typeof (catalog as { agentItems?: unknown } | null | undefined)?.agentItems !== 'function')
    throw new ValidationError('Invalid catalog', [
      { path, message: 'must be a catalog made by defineCatalog' },
    ]);
}

/** Learning's options, under `path` (`learning` in the selector's options). */
export function learningOptionIssues(options: unknown, path: string, issues: ErrorIssue[]): void {
  if (options === undefined || options === false) return;
  if (!isRecord(options)) {
    issues.push({ path, message: `must be an object or false, got ${describe(options)}` });
    return;
  }
  checkKnownFields(options, ['maxPairs', 'scale', 'tokenize', 'documentKey', 'writeDelayMs'], path, issues);
  checkNumber(options.maxPairs, `${path}.maxPairs`, issues, { min: 1, integer: true, optional: true });
  checkNumber(options.scale, `${path}.scale`, issues, { min: Number.MIN_VALUE, optional: true });
  if (options.tokenize !== undefined && typeof options.tokenize !== 'function')
    issues.push({ path: `${path}.tokenize`, message: 'must be a function from text to terms' });
  checkText(options.documentKey, `${path}.documentKey`, issues, { optional: true });
  checkNumber(options.writeDelayMs, `${path}.writeDelayMs`, issues, { min: 0, optional: true });
}

const SELECTOR_OPTIONS = [
  'embedder',
  'store',
  'fusion',
  'calibration',
  'fieldWeights',
  'bm25',
  'triggers',
  'learning',
  'learningWeight',
  'minScore',
  'candidates',
  'vectorIndex',
  'retryEmbedderAfterMs',
  'name',
];

/** The options of `createHybridSelector` / `createLexicalSelector`. */
export function checkSelectorOptions(options: unknown): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(options))
    issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
  else {
    checkKnownFields(options, SELECTOR_OPTIONS, '', issues);
    const embedder = options.embedder as { embed?: unknown } | undefined;
    if (embedder !== undefined && typeof embedder?.embed !== 'function')
      issues.push({ path: 'embedder', message: 'must be an Embedder (with an embed method)' });
    const store = options.store as { getDocument?: unknown; getEmbeddings?: unknown } | undefined;
    if (
      store !== undefined &&
      (typeof store?.getDocument !== 'function' || typeof store.getEmbeddings !== 'function')
    )
      issues.push({
        path: 'store',
        message: 'must be a store (documents and embeddings), e.g. the engine’s',
      });
    checkNumber(options.learningWeight, 'learningWeight', issues, { min: 0, max: 1, optional: true });
    checkNumber(options.minScore, 'minScore', issues, { min: 0, max: 1, optional: true });
    checkNumber(options.candidates, 'candidates', issues, { min: 1, integer: true, optional: true });
    checkNumber(options.retryEmbedderAfterMs, 'retryEmbedderAfterMs', issues, { min: 0, optional: true });
    checkText(options.name, 'name', issues, { optional: true });
    if (options.vectorIndex !== undefined && typeof options.vectorIndex !== 'function')
      issues.push({ path: 'vectorIndex', message: 'must be a function (dimension, capacity) → VectorIndex' });
    triggerOptionIssues(options.triggers, 'triggers', issues);
    learningOptionIssues(options.learning, 'learning', issues);
  }
  throwIfAny('Invalid selector options', issues);
}

/** Carry-over options, under `path` (`triggers` in the selector's options, `options` for a TriggerMemory). */
export function triggerOptionIssues(options: unknown, path: string, issues: ErrorIssue[]): void {
  if (options === undefined || options === false) return;
  if (!isRecord(options)) {
    issues.push({ path, message: `must be an object or false, got ${describe(options)}` });
    return;
  }
  checkKnownFields(options, ['decay', 'minRelevance', 'maxCarried', 'maxSessions'], path, issues);
  checkNumber(options.decay, `${path}.decay`, issues, { min: 0, max: 1, optional: true });
  checkNumber(options.minRelevance, `${path}.minRelevance`, issues, { min: 0, max: 1, optional: true });
  checkNumber(options.maxCarried, `${path}.maxCarried`, issues, { min: 0, integer: true, optional: true });
  checkNumber(options.maxSessions, `${path}.maxSessions`, issues, { min: 1, integer: true, optional: true });
}

/** The options of a TriggerMemory. */
export function checkTriggerOptions(options: unknown): void {
  const issues: ErrorIssue[] = [];
  if (options === false) issues.push({ path: 'options', message: 'must be an object, got false' });
  else triggerOptionIssues(options, 'options', issues);
  throwIfAny('Invalid trigger options', issues);
}

/** The documents and options of a Bm25Index: lists of `{ text, weight }` fields, `k1 ≥ 0`, `b` in 0–1. */
export function checkBm25Input(documents: unknown, options: unknown): void {
  const issues: ErrorIssue[] = [];
  if (!Array.isArray(documents))
    issues.push({ path: 'documents', message: `must be a list of documents, got ${describe(documents)}` });
  else
    documents.forEach((fields: unknown, doc) => {
      if (!Array.isArray(fields)) {
        issues.push({
          path: `documents[${doc}]`,
          message: `must be a list of { text, weight }, got ${describe(fields)}`,
        });
        return;
      }
      fields.forEach((field: unknown, i) => {
        const at = `documents[${doc}][${i}]`;
        if (!isRecord(field))
          issues.push({ path: at, message: `must be { text, weight }, got ${describe(field)}` });
        else {
          checkString(field.text, `${at}.text`, issues);
          checkNumber(field.weight, `${at}.weight`, issues, {});
        }
      });
    });
  if (options !== undefined) {
    if (!isRecord(options))
      issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
    else {
      checkKnownFields(options, ['k1', 'b', 'tokenize'], 'options', issues);
      checkNumber(options.k1, 'options.k1', issues, { min: 0, optional: true });
      checkNumber(options.b, 'options.b', issues, { min: 0, max: 1, optional: true });
      if (options.tokenize !== undefined && typeof options.tokenize !== 'function')
        issues.push({ path: 'options.tokenize', message: 'must be a function from text to terms' });
    }
  }
  throwIfAny('Invalid BM25 index input', issues);
}

/** `Bm25Index.idf`'s term. */
export function checkBm25Term(term: unknown): void {
  if (typeof term !== 'string')
    throw new ValidationError('Invalid BM25 term', [
      { path: 'term', message: `must be a string, got ${describe(term)}` },
    ]);
}

/** `Bm25Index.score` / `matched`: a document number of the index (0 to size − 1) and a list of terms. */
export function checkBm25Doc(doc: unknown, terms: unknown, size: number): void {
  const issues: ErrorIssue[] = [];
  checkNumber(doc, 'doc', issues, { min: 0, max: size - 1, integer: true });
  checkStrings(terms, 'terms', issues);
  throwIfAny('Invalid BM25 lookup', issues);
}

/** `Bm25Index.accumulate`'s terms (strings), scores (a Float64Array with a slot per document), touched list (an
 * array) and scale (a finite number). */
export function checkBm25Accumulate(
  terms: unknown,
  scores: unknown,
  touched: unknown,
  scale: unknown,
  size: number,
): void {
  const issues: ErrorIssue[] = [];
  checkStrings(terms, 'terms', issues);
  if (!(scores instanceof Float64Array) || scores.length < size)
    issues.push({
      path: 'scores',
      message: `must be a Float64Array of at least ${size} entries (one per document), got ${describe(scores)}`,
    });
  if (!Array.isArray(touched))
    issues.push({
      path: 'touched',
      message: `must be an array of document numbers, got ${describe(touched)}`,
    });
  checkNumber(scale, 'scale', issues, {});
  throwIfAny('Invalid BM25 accumulation', issues);
}

/** `calibrateLexical`'s BM25 score and idf (finite numbers) and κ (> 0). */
export function checkCalibrateLexical(bm25: unknown, maxIdf: unknown, scale: unknown): void {
  const issues: ErrorIssue[] = [];
  checkNumber(bm25, 'bm25', issues, {});
  checkNumber(maxIdf, 'maxIdf', issues, {});
  checkNumber(scale, 'scale', issues, { min: Number.MIN_VALUE });
  throwIfAny('Invalid lexical calibration input', issues);
}

/** `calibrateCosine`'s cosine (a finite number) and floor (from −1, under 1). */
export function checkCalibrateCosine(cosine: unknown, floor: unknown): void {
  const issues: ErrorIssue[] = [];
  checkNumber(cosine, 'cosine', issues, {});
  if (!(typeof floor === 'number' && floor >= -1 && floor < 1))
    issues.push({ path: 'floor', message: `must be a number from -1 to under 1, got ${describe(floor)}` });
  throwIfAny('Invalid cosine calibration input', issues);
}

function checkRank(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (value !== null) checkNumber(value, path, issues, { min: 1, integer: true });
}

/** `fuse`'s path scores (`{ lexical, lexicalRank, vector, vectorRank }`) and fusion (`weighted` or `rrf`). */
export function checkFuse(scores: unknown, fusion: unknown): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(scores))
    issues.push({ path: 'scores', message: `must be an object, got ${describe(scores)}` });
  else {
    checkNumber(scores.lexical, 'scores.lexical', issues, {});
    checkRank(scores.lexicalRank, 'scores.lexicalRank', issues);
    if (scores.vector !== null) checkNumber(scores.vector, 'scores.vector', issues, {});
    checkRank(scores.vectorRank, 'scores.vectorRank', issues);
  }
  if (!isRecord(fusion))
    issues.push({ path: 'fusion', message: `must be an object, got ${describe(fusion)}` });
  else if (fusion.kind === 'weighted') {
    checkKnownFields(fusion, ['kind', 'lexicalWeight'], 'fusion', issues);
    checkNumber(fusion.lexicalWeight, 'fusion.lexicalWeight', issues, { min: 0, max: 1 });
  } else if (fusion.kind === 'rrf') {
    checkKnownFields(fusion, ['kind', 'k'], 'fusion', issues);
    checkNumber(fusion.k, 'fusion.k', issues, { min: 0 });
  } else
    issues.push({
      path: 'fusion.kind',
      message: `must be 'weighted' or 'rrf', got ${describe(fusion.kind)}`,
    });
  throwIfAny('Invalid fusion input', issues);
}

/** `withLearning`'s base score (0–1), learned evidence (−1 to 1) and weight (≥ 0). */
export function checkWithLearning(base: unknown, learned: unknown, weight: unknown): void {
  const issues: ErrorIssue[] = [];
  checkNumber(base, 'base', issues, { min: 0, max: 1 });
  checkNumber(learned, 'learned', issues, { min: -1, max: 1 });
  checkNumber(weight, 'weight', issues, { min: 0 });
  throwIfAny('Invalid learning input', issues);
}

/** `topK`'s scores (array-like) and `k` (an integer; ≤ 0 selects nothing). */
export function checkTopK(scores: unknown, k: unknown): void {
  const issues: ErrorIssue[] = [];
  if (typeof (scores as { length?: unknown } | null | undefined)?.length !== 'number')
    issues.push({ path: 'scores', message: `must be a list of numbers, got ${describe(scores)}` });
  if (!(typeof k === 'number' && (Number.isInteger(k) || k === Number.POSITIVE_INFINITY)))
    issues.push({ path: 'k', message: `must be an integer, got ${describe(k)}` });
  throwIfAny('Invalid topK input', issues);
}

/** `renderAutoContext`'s retrieval set (or null), catalog and options (`plan`, `note`). */
export function checkAutoContextInput(set: unknown, catalog: unknown, options: unknown): void {
  const issues: ErrorIssue[] = [];
  if (set !== null && set !== undefined && !(isRecord(set) && Array.isArray(set.hits)))
    issues.push({ path: 'set', message: `must be a retrieval set or null, got ${describe(set)}` });
  if (typeof (catalog as { agentItems?: unknown } | null | undefined)?.agentItems !== 'function')
    issues.push({ path: 'catalog', message: 'must be a catalog made by defineCatalog' });
  if (!isRecord(options))
    issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
  else {
    checkKnownFields(options, ['plan', 'note'], 'options', issues);
    if (options.plan !== undefined && !(isRecord(options.plan) && Array.isArray(options.plan.included)))
      issues.push({ path: 'options.plan', message: 'must be a context plan' });
    checkString(options.note, 'options.note', issues, true);
  }
  throwIfAny('Invalid auto-context input', issues);
}
