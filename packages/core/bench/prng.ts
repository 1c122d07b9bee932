// The benchmarks' seeded randomness is the tests' (one generator, so a fixture and a benchmark built from the same
// seed see the same data).
export { Prng, ZipfPicker } from '../src/random/prng.fixtures.js';
