import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';
import { machine } from './lib/machine';
import { markdownTable, ratio, verdict } from './lib/report';
import { freePort, REPO_ROOT } from './lib/server';

/**
 * The first start on a fresh clone (issue #29 item 8): clones this repository into a temporary folder, runs
 * `npm start` there (a fresh `./data`, a free port) until `GET /api/health` answers, and times each stage
 * from the start's own lines, the server's log and the files the steps leave. Then, in the same clone, its
 * limit: `npm install` alone (the network and disk floor) and the web build alone, which cannot begin
 * before the install ends. About four minutes; it installs from the registry, so CI does not run it.
 *   npm run bench:first-start                      the committed HEAD
 *   npm run bench:first-start -- --with-changes    HEAD plus the working tree's uncommitted changes
 */
const { values } = parseArgs({ options: { 'with-changes': { type: 'boolean', default: false } } });

const TARGET_SECONDS = 90;
const TIMEOUT_MS = 10 * 60_000;
const log = (text: string) => process.stderr.write(`[first-start] ${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The environment of a person typing `npm start`: without this run's own npm variables and node_modules/.bin
 * folders, and without a DATABASE_URL or DATA_DIR, so the clone's embedded database starts empty in ./data.
 */
const cleanEnv = (port: number): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') || key === 'INIT_CWD' || key === 'DATABASE_URL' || key === 'DATA_DIR')
      continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => !folder.endsWith(join('node_modules', '.bin')) && !folder.endsWith('node-gyp-bin'))
    .join(delimiter);
  env.PORT = String(port);
  return env;
};

/** Runs a command to its end in the clone and answers how long it took; its output is shown if it fails. */
const timed = (clone: string, command: string, args: string[], env: NodeJS.ProcessEnv): number => {
  const started = performance.now();
  try {
    execFileSync(command, args, { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
  return performance.now() - started;
};

type LogLine = { msg?: string; time?: number; ms?: number };

/** What the first start showed, each in milliseconds since `npm start` was spawned. */
type Marks = {
  install?: number;
  build?: number;
  webBuilt?: number;
  serverBuilt?: number;
  /** The server bundle's last change: the build writes it last (the web app first, then the server). */
  buildsEnded?: number;
  clusterMade?: number;
  /** The server's log: initdb when the server made the cluster itself, the database's start, listening. */
  initialised?: LogLine;
  databaseStarted?: LogLine;
  seeded?: number;
  running?: LogLine;
  answered?: number;
};

/** Runs `npm start` in the clone until its health route answers, noting when each stage ended; then stops it. */
const firstStart = async (clone: string, env: NodeJS.ProcessEnv, port: number): Promise<Marks> => {
  const marks: Marks = {};
  const tail: string[] = [];
  const startedAt = Date.now();
  const since = () => Date.now() - startedAt;
  // Its own process group, so whatever it leaves running (the server, its PostgreSQL) can be ended at once,
  // here or by a Ctrl-C of this run.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: clone,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const interrupted = () => {
    if (child.pid !== undefined) killGroup(child.pid);
    rmSync(clone, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    if (line === 'Installing dependencies…') marks.install ??= since();
    else if (line === 'Building…') marks.build ??= since();
    else if (line.startsWith('Conversa is seeded')) marks.seeded ??= since();
    else if (line.startsWith('{')) {
      let entry: LogLine = {};
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        // Not one of the server's log lines.
      }
      if (entry.msg === 'embedded PostgreSQL initialised') marks.initialised ??= entry;
      if (entry.msg === 'embedded PostgreSQL started') marks.databaseStarted ??= entry;
      if (entry.msg === 'Conversa is running') marks.running ??= entry;
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) onLine(line.trim());
    });
  }
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const seen = (path: string) => existsSync(join(clone, path));
  const serverBundle = join(clone, 'apps/server/dist/main.js');
  let bundleTime = 0;
  try {
    while (marks.answered === undefined) {
      if (exited) throw new Error(`npm start exited before answering:\n${tail.join('\n')}`);
      if (since() > TIMEOUT_MS)
        throw new Error(`no answer after ${TIMEOUT_MS / 1000} s:\n${tail.join('\n')}`);
      // The steps' ends are the files they leave; 100 ms is finer than any stage.
      if (seen('apps/web/dist/index.html')) marks.webBuilt ??= since();
      if (seen('apps/server/dist/main.js')) marks.serverBuilt ??= since();
      const changed = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
      if (changed !== bundleTime) {
        bundleTime = changed;
        marks.buildsEnded = since();
      }
      if (seen('data/postgres/PG_VERSION')) marks.clusterMade ??= since();
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (answer?.ok) marks.answered = since();
      await sleep(100);
    }
  } finally {
    await stop(child);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  // The server's log carries its own clock; turned into the same time line.
  for (const key of ['initialised', 'databaseStarted', 'running'] as const) {
    const entry = marks[key];
    if (entry?.time !== undefined) marks[key] = { ...entry, time: entry.time - startedAt };
  }
  return marks;
};

const isGroupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

const killGroup = (pid: number) => {
  if (isGroupAlive(pid)) process.kill(-pid, 'SIGKILL');
};

/**
 * SIGTERM to the whole group, as a service manager stops it (npm itself passes no signal on): the server
 * closes, and its PostgreSQL, asked for a smart shutdown, waits for the server's sessions to end. Whatever
 * is left after 30 s is killed.
 */
const stop = async (child: ChildProcess) => {
  const pid = child.pid;
  if (pid === undefined) return;
  if (isGroupAlive(pid)) process.kill(-pid, 'SIGTERM');
  for (let waited = 0; isGroupAlive(pid) && waited < 30_000; waited += 100) await sleep(100);
  killGroup(pid);
};

type Stage = { name: string; from?: number; to?: number };

/** The stages in their order; the ones the start ran side by side share their beginning. */
const stagesOf = (marks: Marks): Stage[] => {
  const databaseStart =
    marks.databaseStarted?.time !== undefined && marks.databaseStarted.ms !== undefined
      ? marks.databaseStarted.time - marks.databaseStarted.ms
      : undefined;
  const initialisedAt = marks.initialised?.time;
  // The start builds the server after the web app; a start with both side by side (tried) begins them together.
  const serverBuildFrom =
    marks.serverBuilt !== undefined && marks.webBuilt !== undefined && marks.serverBuilt > marks.webBuilt
      ? marks.webBuilt
      : marks.build;
  return [
    { name: 'npm and the start script, until the install begins', from: 0, to: marks.install },
    { name: 'install (`npm install`)', from: marks.install, to: marks.build },
    { name: 'the build, until its last step ends', from: marks.build, to: marks.buildsEnded },
    {
      name: 'web build (`vite build`), until its index.html is written',
      from: marks.build,
      to: marks.webBuilt,
    },
    { name: 'server build (esbuild)', from: serverBuildFrom, to: marks.serverBuilt },
    initialisedAt !== undefined && marks.initialised?.ms !== undefined
      ? { name: 'initdb, by the server', from: initialisedAt - marks.initialised.ms, to: initialisedAt }
      : { name: 'initdb, beside the build', from: marks.build, to: marks.clusterMade },
    { name: 'server process: Node and the bundle loaded', from: marks.buildsEnded, to: databaseStart },
    {
      name: 'embedded PostgreSQL started (ready for a query)',
      from: initialisedAt ?? databaseStart,
      to: marks.databaseStarted?.time,
    },
    { name: 'migrations, app set-up and seed', from: marks.databaseStarted?.time, to: marks.seeded },
    { name: 'listening', from: marks.seeded, to: marks.running?.time },
    { name: 'first 200 from `GET /api/health`', from: marks.running?.time, to: marks.answered },
  ];
};

const stageTable = (stages: Stage[]) => {
  const cell = (ms: number | undefined) => (ms === undefined ? '?' : seconds(ms));
  const lines = stages.map(
    ({ name, from, to }) =>
      `| ${name} | ${cell(from)} | ${cell(to)} | ${from !== undefined && to !== undefined ? seconds(to - from) : '?'} |`,
  );
  return ['| stage | from (s) | to (s) | took (s) |', '|---|---|---|---|', ...lines].join('\n');
};

const main = async () => {
  const clone = mkdtempSync(join(tmpdir(), 'conversa-first-start-'));
  // mkdtemp makes it 0700; run as root, the embedded PostgreSQL runs as the postgres user, who must pass through.
  chmodSync(clone, 0o755);
  const m = machine(undefined);
  try {
    execFileSync('git', ['clone', '-q', REPO_ROOT, clone]);
    const commit = execFileSync('git', ['-C', clone, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    if (values['with-changes']) {
      const changes = execFileSync('git', ['-C', REPO_ROOT, 'diff', 'HEAD', '--binary'], {
        maxBuffer: 1 << 28,
      });
      if (changes.length > 0) execFileSync('git', ['-C', clone, 'apply', '--binary'], { input: changes });
    }
    const port = await freePort();
    const env = cleanEnv(port);
    log(
      `npm start in ${clone} (${commit}${values['with-changes'] ? ' with the working tree' : ''}), port ${port}`,
    );
    const marks = await firstStart(clone, env, port);
    if (marks.install === undefined || marks.build === undefined || marks.answered === undefined)
      throw new Error('the start did not install, build and answer: was the clone not fresh?');
    log(
      `answered after ${seconds(marks.answered)} s; now the limit: npm install alone, then the web build alone`,
    );

    // The same install again in the same clone, from the lock file as cloned (npm install rewrites it).
    execFileSync('git', ['-C', clone, 'checkout', '-q', '--', 'package-lock.json']);
    for (const folder of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules'])
      rmSync(join(clone, folder), { recursive: true, force: true });
    const installAlone = timed(clone, 'npm', ['install', '--no-audit', '--no-fund'], env);
    const webBuildAlone = timed(clone, 'npm', ['run', 'build', '-w', '@conversa/web'], env);

    const total = marks.answered;
    const limit = installAlone + webBuildAlone;
    const install = marks.build - marks.install;
    const webBuild = (marks.webBuilt ?? Number.NaN) - marks.build;
    const summary = markdownTable([
      {
        metric: 'first start on a fresh clone (`npm start` until `GET /api/health` answers)',
        ours: `${seconds(total)} s`,
        limit: `${seconds(limit)} s: install alone + web build alone`,
        ratio: ratio(total, limit),
        target: `≤ ${TARGET_SECONDS} s`,
        verdict: verdict(total <= TARGET_SECONDS * 1000),
      },
      {
        metric: 'its install',
        ours: `${seconds(install)} s`,
        limit: `${seconds(installAlone)} s \`npm install\` alone`,
        ratio: ratio(install, installAlone),
        target: '',
        verdict: '',
      },
      {
        metric: 'its web build (until its index.html is written)',
        ours: `${seconds(webBuild)} s`,
        limit: `${seconds(webBuildAlone)} s web build alone`,
        ratio: ratio(webBuild, webBuildAlone),
        target: '',
        verdict: '',
      },
    ]);
    const markdown = [
      `### first start ${new Date().toISOString()} (${commit}${values['with-changes'] ? ' + working tree' : ''})`,
      '',
      `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, load average at start ${m.loadAverageAtStart}, at the end ${machine(undefined).loadAverageAtStart}.`,
      '',
      summary,
      '',
      stageTable(stagesOf(marks)),
      '',
    ].join('\n');
    mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'bench/results/latest-first-start.md'), markdown);
    process.stdout.write(`\n${markdown}\n`);
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
};

await main();
