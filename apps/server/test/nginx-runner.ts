// nginx run on deploy/nginx.conf.template, for the several-processes test, the scale-out browser journey
// (e2e/scale-out.spec.ts) and the scale benchmark: the template filled with the caller's ports and paths, inside a
// minimal main config with its own prefix, pid, logs and temp paths in a folder of its own, in the foreground (no
// daemon), so that it stops with the caller; and its access log read back, which names the process that served
// each request.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants as fsConstants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf.template');
export const NGINX_RENDERED = path.join(ROOT, 'deploy/nginx.conf');
export const NGINX_RENDER_SCRIPT = path.join(ROOT, 'deploy/render-nginx-conf.sh');

/** nginx's executable (NGINX_PATH, Debian's /usr/sbin/nginx, or on PATH), or null when it is not installed. */
export function findNginx(): string | null {
  const candidates = [
    process.env.NGINX_PATH,
    '/usr/sbin/nginx',
    '/usr/bin/nginx',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  return null;
}

/**
 * Whether nginx can be given names of the test's own (startNginx's `hosts`): it takes a mount namespace of its own
 * (`unshare --mount`, util-linux) with a private /etc/hosts bound over the real one, which needs root.
 */
export function canRunWithOwnHosts(): boolean {
  return spawnSync('unshare', ['--mount', '--', 'true']).status === 0;
}

/** The variables deploy/render-nginx-conf.sh fills, with the defaults it gives them (those of deploy/nginx.conf). */
export function renderScriptDefaults(): Record<string, string> {
  const script = readFileSync(NGINX_RENDER_SCRIPT, 'utf8');
  const defaults: Record<string, string> = {};
  for (const match of script.matchAll(/^export (SHOP_\w+)="\$\{\1:-(.*)\}"$/gm)) defaults[match[1] as string] = match[2] as string;
  return defaults;
}

/** The template with its ${SHOP_*} variables filled, as envsubst does; every variable it uses must be given. */
export function renderNginxTemplate(values: Record<string, string>): string {
  return readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{(SHOP_\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf.template uses \${${name}}, which was not given`);
    return value;
  });
}

// --- its access log ---------------------------------------------------------------------------------------------

/** One line of the template's access log (log_format shop). */
export interface AccessLogLine {
  method: string;
  path: string;
  status: number;
  /** host:port of the process that answered, or '-' when nginx answered itself (from its cache, or an error). */
  upstream: string;
  cache: string;
}

/** One access log line, wherever it was read (a file, or a container's output with its prefix). */
export function parseAccessLogLine(line: string): AccessLogLine {
  const request = /"(\w+) (\S+) HTTP\/[\d.]+" (\d{3})/.exec(line);
  const upstream = /upstream=(\S+)/.exec(line)?.[1] ?? '-';
  return {
    method: request?.[1] ?? '',
    path: request?.[2] ?? '',
    status: Number(request?.[3] ?? 0),
    // A request nginx tried on two processes logs "a, b": the last one answered.
    upstream: upstream.split(', ').at(-1) ?? upstream,
    cache: /cache=(\S+)/.exec(line)?.[1] ?? '-',
  };
}

/** The access log's lines so far ([] before nginx has written one). */
export function readAccessLog(file: string): AccessLogLine[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter(Boolean).map(parseAccessLogLine);
}

/**
 * The access log's lines that `match`, once there are `count` of them or `ms` has passed (nginx writes a line just
 * after it answers, and a WebSocket's when it closes).
 */
export async function waitForAccessLog(
  file: string,
  match: (line: AccessLogLine) => boolean,
  count = 1,
  ms = 2000,
): Promise<AccessLogLine[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const lines = readAccessLog(file).filter(match);
    if (lines.length >= count || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// --- running it ----------------------------------------------------------------------------------------------

export interface RunningNginx {
  origin: string;
  accessLog: string;
  child: ChildProcess;
  /** What nginx printed and its error log. */
  output(): string;
  /** Graceful stop (SIGQUIT), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts nginx on the template in front of `upstreams` (host:port each), listening on 127.0.0.1:`port`, with
 * everything it writes under `dir`. Resolves once `healthPath` answers 200 through it.
 */
export async function startNginx(options: {
  nginx: string;
  dir: string;
  port: number;
  upstreams: string[];
  /** Names for the upstreams to use, each with its addresses (see canRunWithOwnHosts). */
  hosts?: Record<string, string[]>;
  healthPath?: string;
  startMs?: number;
}): Promise<RunningNginx> {
  const { nginx, dir, port, upstreams } = options;
  mkdirSync(dir, { recursive: true });
  // nginx's workers may run as another user than its master (nobody, when this runs as root).
  chmodSync(dir, 0o755);
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  writeFileSync(
    path.join(dir, 'shop.conf'),
    renderNginxTemplate({
      SHOP_LISTEN: `127.0.0.1:${port}`,
      SHOP_SERVER_NAME: '_',
      SHOP_UPSTREAMS: upstreams.map((upstream) => `server ${upstream} max_fails=3 fail_timeout=10s;`).join(' '),
      SHOP_ACCESS_LOG: accessLog,
      SHOP_CACHE_DIR: path.join(dir, 'cache'),
    }),
  );
  // What the distribution's nginx.conf puts around the shop's file: the process, its paths, the http block.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`),
      `  include ${path.join(dir, 'shop.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog];
  // With `hosts`, nginx runs in a mount namespace of its own whose /etc/hosts names those addresses: nginx resolves
  // an upstream's name when it loads its configuration, as it resolves a compose service to every replica.
  let command = nginx;
  let prefix: string[] = [];
  if (options.hosts) {
    const hostsFile = path.join(dir, 'hosts');
    writeFileSync(
      hostsFile,
      [
        '127.0.0.1 localhost',
        ...Object.entries(options.hosts).flatMap(([name, addresses]) => addresses.map((address) => `${address} ${name}`)),
        '',
      ].join('\n'),
    );
    command = 'unshare';
    prefix = ['--mount', '--', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hostsFile, nginx];
  }
  const check = spawnSync(command, [...prefix, '-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the rendered template:\n${check.stderr}`);

  const child = spawn(command, [...prefix, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => {
    let log = '';
    try {
      log = readFileSync(errorLog, 'utf8');
    } catch {
      log = '(no error log)';
    }
    return `${printed}${log}`;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    const status = await fetch(`${origin}${options.healthPath ?? '/api/health'}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not pass ${options.healthPath ?? '/api/health'} through within the time:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, accessLog, child, output, stop };
}
