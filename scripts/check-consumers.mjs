#!/usr/bin/env node
/**
 * Fresh consumer apps on the packed packages: every public package under packages/ (private: false, found by
 * reading packages/*\/package.json, so a new one is packed as soon as it exists) is packed with `pnpm pack`, as it
 * would be published; each app under examples/ is copied to a temporary folder, its @ctxkit/* dependencies are
 * pointed at those tarballs (`file:`), and then, there, with npm alone:
 *
 *   npm install --no-audit --no-fund   the example pins every third-party version, so installs repeat
 *   npm run typecheck                  tsc --noEmit, strict (Next: `next typegen` first)
 *   npm run build, then build:*        vite build; next build (Turbopack), and next build --webpack
 *
 * Run it after the packages are built (the root `pnpm test` does), from any folder:
 *
 *   node scripts/check-consumers.mjs [--keep] [example …]
 *
 * `--keep` leaves the temporary folders (their paths are printed) to run an example by hand (`npm run dev`);
 * naming examples checks only those.
 *
 * It fails (exit code 1, the offending lines printed) when a step exits non-zero or prints a warning:
 *   - npm install: any `npm warn` or `npm error` line (peer dependencies, ERESOLVE, engines, …), except
 *     `npm warn deprecated` for a package that is not @ctxkit/*: a third party's deprecation is registry data that
 *     changes without any change here, so it is printed as a note and does not fail the check. An install that
 *     took an @ctxkit package from anywhere but the tarballs fails too.
 *   - typecheck: any diagnostic of tsc (`file(line,col): error TS…`) and any line matching /error|warn|⚠/i; other
 *     lines (`next typegen` says what it generated) are not warnings.
 *   - build: any line matching /warn/i (Vite's and Next's "warning"), `(!)` (Rollup's and Vite's warnings, such
 *     as "(!) Some chunks are larger than 500 kB"), `⚠` (Next's warnings) or /deprecat/i.
 * Telemetry is off (NEXT_TELEMETRY_DISABLED=1) and npm's update notice too, so neither shows up as output; `CI` is
 * left out of the children's environment, as Next.js answers it with a notice about build caches.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const only = args.filter((arg) => !arg.startsWith('--'));

// Without CI: Next.js then warns "No build cache found" on every build of a fresh copy (which never has a cache), a
// note about the CI machine rather than about the app, so the builds run as on a developer's machine.
const { CI: _ci, ...parentEnv } = process.env;
const ENV = {
  ...parentEnv,
  NEXT_TELEMETRY_DISABLED: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  FORCE_COLOR: '0',
  NO_COLOR: '1',
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
const BUILD_WARNING = /warn|\(!\)|⚠|deprecat/i;
const TYPECHECK_PROBLEM = /error|warn|⚠|^\S+\(\d+,\d+\): /i;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Runs a command, collecting its output (stdout and stderr, in order); never throws. */
function run(command, commandArgs, cwd) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, { cwd, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data) => {
      output += data;
    });
    child.stderr.on('data', (data) => {
      output += data;
    });
    child.on('error', (error) => done({ code: 1, output: String(error), ms: Date.now() - started }));
    child.on('close', (code) => done({ code, output: output.replace(ANSI, ''), ms: Date.now() - started }));
  });
}

const failures = [];
function fail(what, lines) {
  failures.push(what);
  console.error(`\n✗ ${what}`);
  for (const line of lines) console.error(`    ${line}`);
}

/** One step: runs it, prints its time, and fails it on a non-zero exit or on the lines `offending` picks. */
async function step(label, cwd, command, commandArgs, offending) {
  const result = await run(command, commandArgs, cwd);
  const lines = result.output.split(/\r?\n/).filter((line) => line.trim() !== '');
  const bad = offending(lines);
  const ok = result.code === 0 && bad.length === 0;
  console.log(`${ok ? '✓' : '✗'} ${label} (${seconds(result.ms)})`);
  if (result.code !== 0) fail(`${label} exited with ${result.code}`, bad.length > 0 ? bad : lines.slice(-40));
  else if (bad.length > 0) fail(`${label} printed warnings`, bad);
  return { ok, lines };
}

// 1. Pack every public package, as it would be published.
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'ctxkit-consumers-'));
const tarballDir = join(work, 'tarballs');
const packed = new Map();
for (const name of readdirSync(join(ROOT, 'packages')).sort()) {
  const dir = join(ROOT, 'packages', name);
  const manifestFile = join(dir, 'package.json');
  if (!existsSync(manifestFile)) continue;
  const manifest = readJson(manifestFile);
  if (manifest.private) continue;
  // A package that is not built would pack without its code: say so instead of failing later on a missing file.
  const entry = manifest.exports?.['.']?.import ?? manifest.main;
  if (entry && !existsSync(join(dir, entry))) {
    fail(`${manifest.name} is not built (${entry} is missing): run \`pnpm build\` first`, []);
    continue;
  }
  const before = new Set(existsSync(tarballDir) ? readdirSync(tarballDir) : []);
  const result = spawnSync('pnpm', ['pack', '--pack-destination', tarballDir], {
    cwd: dir,
    env: ENV,
    encoding: 'utf8',
  });
  const tarball = readdirSync(tarballDir).find((file) => file.endsWith('.tgz') && !before.has(file));
  if (result.status !== 0 || !tarball) {
    fail(`pnpm pack ${manifest.name}`, `${result.stdout}${result.stderr}`.split('\n').slice(-20));
    continue;
  }
  packed.set(manifest.name, join(tarballDir, tarball));
}
console.log(
  `packed ${[...packed.values()].map((file) => basename(file)).join(', ')} (${seconds(Date.now() - started)})`,
);
// The packages are released together (.changeset/config.json, `fixed`): one version for all of them.
const versions = new Map(
  readdirSync(join(ROOT, 'packages'))
    .map((name) => join(ROOT, 'packages', name, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => readJson(file))
    .filter((manifest) => !manifest.private)
    .map((manifest) => [manifest.name, manifest.version]),
);
if (new Set(versions.values()).size > 1)
  fail(
    'the public packages have different versions; they are released together',
    [...versions].map(([name, version]) => `${name} ${version}`),
  );

// 2. Each example in a folder of its own, on the tarballs.
const examplesDir = join(ROOT, 'examples');
const examples = readdirSync(examplesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(examplesDir, entry.name, 'package.json')))
  .map((entry) => entry.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();
if (only.length > 0 && examples.length !== only.length)
  fail(`no such example: ${only.filter((name) => !examples.includes(name)).join(', ')}`, []);

const COPY_SKIPS = new Set(['node_modules', 'dist', '.next', 'package-lock.json', 'next-env.d.ts']);
for (const example of examples) {
  const exampleStarted = Date.now();
  const dir = join(work, example);
  cpSync(join(examplesDir, example), dir, {
    recursive: true,
    filter: (source) => !COPY_SKIPS.has(basename(source)),
  });
  const manifest = readJson(join(dir, 'package.json'));
  const missing = [];
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      if (!name.startsWith('@ctxkit/')) continue;
      const tarball = packed.get(name);
      if (tarball) manifest[field][name] = `file:${tarball}`;
      else missing.push(name);
    }
  }
  if (missing.length > 0) {
    fail(`${example} depends on ${missing.join(', ')}, which no public package under packages/ provides`, []);
    continue;
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const install = await step(
    `${example}: npm install`,
    dir,
    'npm',
    ['install', '--no-audit', '--no-fund'],
    (lines) => {
      const notes = lines.filter((line) => /^npm warn deprecated (?!@ctxkit\/)/i.test(line));
      for (const note of notes) console.log(`    note (does not fail the check): ${note}`);
      return lines.filter((line) => /^npm (warn|err)/i.test(line) && !notes.includes(line));
    },
  );
  if (!install.ok) continue;
  // Every @ctxkit package installed must be the packed one, not one from the registry.
  const lock = readJson(join(dir, 'package-lock.json'));
  const strays = Object.entries(lock.packages ?? {})
    .filter(
      ([path, entry]) => /(^|\/)node_modules\/@ctxkit\//.test(path) && !entry.resolved?.startsWith('file:'),
    )
    .map(([path, entry]) => `${path} from ${entry.resolved ?? 'nowhere'}`);
  if (strays.length > 0) {
    fail(`${example}: @ctxkit packages not from the tarballs`, strays);
    continue;
  }
  const typecheck = await step(
    `${example}: typecheck`,
    dir,
    'npm',
    ['run', '--silent', 'typecheck'],
    (lines) => lines.filter((line) => TYPECHECK_PROBLEM.test(line)),
  );
  let built = true;
  const builds = Object.keys(manifest.scripts ?? {}).filter(
    (name) => name === 'build' || name.startsWith('build:'),
  );
  for (const script of builds) {
    const build = await step(`${example}: ${script}`, dir, 'npm', ['run', '--silent', script], (lines) =>
      lines.filter((line) => BUILD_WARNING.test(line)),
    );
    built &&= build.ok;
  }
  if (typecheck.ok && built) console.log(`✓ ${example} (${seconds(Date.now() - exampleStarted)})`);
}

if (keep) console.log(`\nkept: ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`\nconsumer check: ${seconds(Date.now() - started)} in all`);
if (failures.length > 0) {
  console.error(
    `\n${failures.length} consumer check(s) failed:\n${failures.map((what) => `  - ${what}`).join('\n')}`,
  );
  process.exit(1);
}
