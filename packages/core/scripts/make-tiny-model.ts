/**
 * Writes a tiny sentence-embedding model that transformers.js loads like a real one: `config.json` (a BERT),
 * `tokenizer.json` (a WordPiece vocabulary of a few hundred words), `tokenizer_config.json` and `onnx/model.onnx`,
 * whose single Gather node maps `input_ids` through an embedding matrix to `last_hidden_state`. Mean pooling over
 * that output is then the average of the words' vectors.
 *
 * The matrix is made so that retrieval on it means something: words of one topic (files, databases, weather, …)
 * share a topic dimension, every word gets deterministic noise on the other dimensions, and common words get
 * noise only. "read the config file" therefore lands nearer "open a document from disk" than "rain forecast".
 *
 * It is test data, not a model: use it to test loading and inference offline, never to judge retrieval quality.
 *
 *   node --import tsx scripts/make-tiny-model.ts [models folder]   (default: generated/models)
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** The id the model is loaded by: its folder under the models folder. */
export const TINY_MODEL_ID = 'ctxkit/tiny-embedder';

/** Where `pnpm test` and the benchmark put it, relative to the package (git-ignored). */
export const TINY_MODELS_FOLDER = fileURLToPath(new URL('../generated/models/', import.meta.url));

/** Words that share a dimension. The order fixes the dimension. */
export const TINY_MODEL_TOPICS: Readonly<Record<string, readonly string[]>> = {
  files: [
    'file',
    'folder',
    'directory',
    'path',
    'read',
    'write',
    'disk',
    'document',
    'save',
    'open',
    'config',
    'upload',
  ],
  database: [
    'database',
    'sql',
    'query',
    'table',
    'row',
    'column',
    'users',
    'schema',
    'record',
    'migration',
    'postgres',
  ],
  weather: [
    'weather',
    'rain',
    'forecast',
    'temperature',
    'sunny',
    'wind',
    'snow',
    'climate',
    'storm',
    'umbrella',
  ],
  email: ['email', 'mail', 'inbox', 'send', 'message', 'reply', 'attachment', 'recipient', 'newsletter'],
  music: ['music', 'song', 'playlist', 'play', 'album', 'artist', 'guitar', 'melody', 'concert'],
  calendar: ['calendar', 'meeting', 'schedule', 'event', 'appointment', 'date', 'tomorrow', 'week', 'agenda'],
  payments: ['payment', 'pay', 'invoice', 'card', 'price', 'money', 'refund', 'bank', 'checkout'],
  maps: ['map', 'route', 'directions', 'travel', 'city', 'distance', 'address', 'location', 'drive'],
};

const COMMON_WORDS = (
  'the a an of to in on for and or is are was what how do does i my me you your we our with from about ' +
  'please can could will would this that it at by be show find get tell new all some any next last'
).split(' ');

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
const SUFFIXES = ['##s', '##es', '##ed', '##ing', '##er', '##ly'];
const NOISE_DIMENSIONS = 16;
const SEED = 0x5eed;

/** mulberry32: a small deterministic generator, so every run writes the same bytes. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface TinyModel {
  readonly vocabulary: readonly string[];
  readonly dimensions: number;
  /** Row-major, one row per vocabulary entry. */
  readonly matrix: Float32Array;
}

export function buildTinyModel(): TinyModel {
  const topics = Object.values(TINY_MODEL_TOPICS);
  const dimensions = topics.length + NOISE_DIMENSIONS;
  const vocabulary = [...SPECIAL_TOKENS, ...topics.flat(), ...COMMON_WORDS, ...SUFFIXES];
  if (new Set(vocabulary).size !== vocabulary.length) throw new Error('the tiny vocabulary has a duplicate');
  const random = generator(SEED);
  const noise = (scale: number) => (random() * 2 - 1) * scale;
  const matrix = new Float32Array(vocabulary.length * dimensions);
  vocabulary.forEach((token, row) => {
    const vector = matrix.subarray(row * dimensions, (row + 1) * dimensions);
    const topic = topics.findIndex((words) => words.includes(token));
    for (let d = 0; d < dimensions; d++) {
      if (token === '[PAD]') vector[d] = 0;
      else if (topic >= 0) vector[d] = d === topic ? 1 : noise(d < topics.length ? 0.05 : 0.25);
      else vector[d] = noise(token.startsWith('[') ? 0.02 : 0.1);
    }
  });
  return { vocabulary, dimensions, matrix };
}

function onnxGraph(model: TinyModel): Uint8Array {
  const { TensorProto } = onnx;
  const dynamicShape = (...names: string[]) => ({ dim: names.map((dimParam) => ({ dimParam })) });
  const proto = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'ctxkit make-tiny-model',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'tiny-embedder',
      initializer: [
        {
          name: 'embeddings',
          dataType: TensorProto.DataType.FLOAT,
          dims: [model.vocabulary.length, model.dimensions],
          rawData: new Uint8Array(model.matrix.buffer.slice(0)),
        },
      ],
      node: [
        {
          opType: 'Gather',
          name: 'embed_tokens',
          input: ['embeddings', 'input_ids'],
          output: ['last_hidden_state'],
          attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
        },
      ],
      input: [
        {
          name: 'input_ids',
          type: {
            tensorType: {
              elemType: TensorProto.DataType.INT64,
              shape: dynamicShape('batch_size', 'sequence_length'),
            },
          },
        },
      ],
      output: [
        {
          name: 'last_hidden_state',
          type: {
            tensorType: {
              elemType: TensorProto.DataType.FLOAT,
              shape: {
                dim: [
                  { dimParam: 'batch_size' },
                  { dimParam: 'sequence_length' },
                  { dimValue: model.dimensions },
                ],
              },
            },
          },
        },
      ],
    },
  });
  return onnx.ModelProto.encode(proto).finish();
}

function tokenizerJson(vocabulary: readonly string[]): unknown {
  const id = (token: string) => vocabulary.indexOf(token);
  const special = (token: string) => ({ SpecialToken: { id: token, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, special('[SEP]')],
      pair: [
        special('[CLS]'),
        { Sequence: { id: 'A', type_id: 0 } },
        special('[SEP]'),
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [id(token)], tokens: [token] }]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocabulary.map((token, index) => [token, index])),
    },
  };
}

/** Writes a file only when its bytes change, through a rename, so a reader never sees half a file. */
function writeIfChanged(file: string, bytes: Uint8Array | string): void {
  const data = typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes);
  try {
    if (readFileSync(file).equals(data)) return;
  } catch {
    // Missing: written below.
  }
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** Writes the tiny model under `modelsFolder`/ctxkit/tiny-embedder and returns that folder. */
export function makeTinyModel(modelsFolder: string = TINY_MODELS_FOLDER): string {
  const model = buildTinyModel();
  const folder = join(resolve(modelsFolder), TINY_MODEL_ID);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  writeIfChanged(
    join(folder, 'config.json'),
    json({
      model_type: 'bert',
      architectures: ['BertModel'],
      hidden_size: model.dimensions,
      vocab_size: model.vocabulary.length,
      num_hidden_layers: 1,
      num_attention_heads: 1,
      intermediate_size: model.dimensions,
      max_position_embeddings: 512,
      pad_token_id: 0,
    }),
  );
  writeIfChanged(join(folder, 'tokenizer.json'), json(tokenizerJson(model.vocabulary)));
  writeIfChanged(
    join(folder, 'tokenizer_config.json'),
    json({
      tokenizer_class: 'BertTokenizer',
      do_lower_case: true,
      model_max_length: 512,
      cls_token: '[CLS]',
      sep_token: '[SEP]',
      pad_token: '[PAD]',
      unk_token: '[UNK]',
      mask_token: '[MASK]',
    }),
  );
  writeIfChanged(join(folder, 'onnx', 'model.onnx'), onnxGraph(model));
  return folder;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = makeTinyModel(process.argv[2] ?? TINY_MODELS_FOLDER);
  console.log(`tiny model written to ${folder}`);
}
