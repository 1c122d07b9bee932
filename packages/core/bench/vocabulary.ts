import { type Prng, ZipfPicker } from './prng.js';

/**
 * English-ish text about building software: the kind of words rules, references, tool descriptions and chat
 * messages of a coding assistant are made of. Content words are drawn with Zipf–Mandelbrot weights over a few
 * hundred real words followed by a long tail of made-up names (products, identifiers, people), so common terms
 * appear in a few thousand catalog items (long BM25 posting lists) and most terms in a handful.
 */
const NOUNS = (
  'request response error token session user account payment invoice order customer cache database query ' +
  'index table schema migration column record transaction service client server endpoint route handler ' +
  'middleware config setting environment variable secret key certificate deployment release build pipeline ' +
  'test fixture mock assertion coverage report log metric trace span alert dashboard incident outage ' +
  'latency throughput timeout retry backoff queue worker job scheduler event message topic stream consumer ' +
  'producer webhook callback promise future thread lock mutex channel buffer file directory path folder ' +
  'repository branch commit merge review comment issue ticket sprint milestone roadmap feature flag toggle ' +
  'component layout style theme button form input field validation dialog modal page router state store ' +
  'reducer action selector hook context provider renderer template snippet module package dependency version ' +
  'bundle chunk asset image font icon translation locale currency timezone date format parser serializer ' +
  'encoder decoder stream socket connection pool limit quota budget window prompt model embedding vector ' +
  'document chunk summary note memory history turn reply agent tool argument parameter result permission ' +
  'role policy scope audit compliance backup snapshot replica shard region cluster node container image ' +
  'volume network firewall proxy gateway balancer domain certificate license contract invoice subscription ' +
  'plan tier trial refund discount coupon cart checkout shipment warehouse inventory product catalog price ' +
  'search filter sort pagination cursor offset batch upload download export import report chart widget'
).split(' ');

const VERBS = (
  'create update delete fetch load save read write list get set find search filter sort validate parse ' +
  'format render compile build deploy release rollback migrate seed sync refresh retry cancel schedule run ' +
  'stop start restart monitor trace log alert notify send receive publish subscribe encode decode encrypt ' +
  'decrypt sign verify authorize authenticate approve reject merge review comment assign close reopen ' +
  'archive restore export import upload download resize compress cache invalidate index reindex summarize ' +
  'translate measure count estimate plan split join map reduce group aggregate compare diff patch lint ' +
  'check test mock stub configure enable disable toggle rotate revoke grant inspect debug profile optimize'
).split(' ');

const ADJECTIVES = (
  'stale fresh slow fast broken flaky stable legacy new old primary secondary internal external public ' +
  'private async sync nested empty missing duplicate invalid valid expired pending failed successful partial ' +
  'full incremental optional required default custom shared global local remote cached dirty clean strict ' +
  'lazy eager large small unicode encrypted signed unsigned readonly mutable idempotent atomic concurrent'
).split(' ');

const GLUE = (
  'the the the a a an and and or but of of of to to in in on for for with with when if that this it is are ' +
  'be should must can will not from by at as into after before because so then also only every each'
).split(' ');

const TAIL_WORDS = 4_000;
const ONSETS = 'b c d f g h j k l m n p r s t v w z br cl dr fl gr kr pl pr sk st tr th sh ch'.split(' ');
const VOWELS = 'a e i o u a e i o ai ou ea io'.split(' ');
const CODAS = ' n r l s x m k t nd rt st'.split(' ');

/** Made-up, pronounceable names (`dravion`, `kelmast`): the rare terms real catalogs are full of. */
function tailWords(prng: Prng, count: number, taken: ReadonlySet<string>): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    let word = '';
    const syllables = prng.int(2, 3);
    for (let i = 0; i < syllables; i++) word += prng.pick(ONSETS) + prng.pick(VOWELS);
    word += prng.pick(CODAS);
    if (!taken.has(word)) words.add(word);
  }
  return [...words];
}

/** A deterministic shuffle so Zipf ranks do not simply follow the alphabetical-ish order above. */
function shuffled<T>(list: readonly T[], prng: Prng): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export class Vocabulary {
  readonly nouns: readonly string[];
  readonly verbs: readonly string[];
  readonly adjectives: readonly string[];
  readonly #noun: ZipfPicker<string>;
  readonly #verb: ZipfPicker<string>;
  readonly #adjective: ZipfPicker<string>;
  readonly #glue: ZipfPicker<string>;

  constructor(prng: Prng) {
    const real = new Set([...NOUNS, ...VERBS, ...ADJECTIVES, ...GLUE]);
    // Real nouns take the top ranks, the made-up tail the rest.
    this.nouns = [...new Set(shuffled(NOUNS, prng)), ...tailWords(prng, TAIL_WORDS, real)];
    this.verbs = [...new Set(shuffled(VERBS, prng))];
    this.adjectives = [...new Set(shuffled(ADJECTIVES, prng))];
    this.#noun = new ZipfPicker(this.nouns, 1, 30);
    this.#verb = new ZipfPicker(this.verbs, 1, 30);
    this.#adjective = new ZipfPicker(this.adjectives, 1, 30);
    this.#glue = new ZipfPicker(GLUE, 0.5);
  }

  noun(prng: Prng): string {
    return this.#noun.pick(prng);
  }

  verb(prng: Prng): string {
    return this.#verb.pick(prng);
  }

  adjective(prng: Prng): string {
    return this.#adjective.pick(prng);
  }

  /** One sentence of 6–18 words, mostly content words with function words in between. */
  sentence(prng: Prng): string {
    const length = prng.int(6, 18);
    const words: string[] = [];
    for (let i = 0; i < length; i++) {
      const roll = prng.next();
      if (roll < 0.35) words.push(this.#glue.pick(prng));
      else if (roll < 0.7) words.push(this.noun(prng));
      else if (roll < 0.88) words.push(this.verb(prng));
      else words.push(this.adjective(prng));
    }
    const text = words.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${prng.chance(0.15) ? '?' : '.'}`;
  }

  /** Sentences until the text reaches `minChars`, then cut at `maxChars`. */
  text(prng: Prng, minChars: number, maxChars: number): string {
    const target = prng.int(minChars, maxChars);
    let text = '';
    while (text.length < target) {
      text += text === '' ? '' : prng.chance(0.2) ? '\n\n' : ' ';
      text += this.sentence(prng);
    }
    return text.length > maxChars ? text.slice(0, maxChars) : text;
  }
}
