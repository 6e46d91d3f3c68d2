// Builds the server for production (decision 0700): apps/server/src/main.ts and everything it imports from the
// server and from @shop/shared (TypeScript source, packages/shared/src) bundled by esbuild into one ES module,
// apps/server/dist/main.js, with a source map. Every other package stays an import of node_modules, as under tsx,
// so native and wasm packages (sharp, @node-rs/argon2, PGlite) load from their own folders. Files the server reads
// at run time are found relative to the running file: the migrations are copied beside it (dist/migrations, as
// src/db/migrations sits beside migrate.ts) and the web app is found at ../../web/dist, which from apps/server/dist
// is apps/web/dist, as it is from apps/server/src.
//
// Usage: node scripts/build-server.mjs [--outdir apps/server/dist]
import { spawnSync } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server');

const outdirArg = process.argv.indexOf('--outdir');
const outdir = path.resolve(outdirArg === -1 ? path.join(SERVER, 'dist') : (process.argv[outdirArg + 1] ?? ''));

// The server finds the web build at ../../web/dist from its own file; an output folder anywhere but directly under
// apps/server would serve no web app (or another one), so refuse it rather than build a server that cannot.
if (path.dirname(outdir) !== SERVER) {
  console.error(
    `build-server: --outdir must be a folder directly under apps/server (the server finds apps/web/dist at ../../web/dist), got ${outdir}`,
  );
  process.exit(1);
}

/** Workspace packages are TypeScript source and go into the bundle; every other bare import stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@shop/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const result = await build({
  entryPoints: [path.join(SERVER, 'src/main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Names kept so logs and errors read as in the source.
  keepNames: true,
  tsconfig: path.join(SERVER, 'tsconfig.json'),
  plugins: [externalPackages],
  absWorkingDir: ROOT,
  logLevel: 'warning',
  metafile: true,
});
await cp(path.join(SERVER, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });

// The embedded database's empty cluster (decision 1102): PGlite's initdb run here, once, in a process of its own (it
// peaks near 750 MB), and dumped beside the bundle as dist/pglite-empty.tar.gz. A shop's first start on an empty
// DATA_DIR untars it instead of running initdb itself. Made by the PGlite that `npm ci` installed, so it is the
// version the bundle loads.
const template = path.join(outdir, 'pglite-empty.tar.gz');
const initdb = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import { writeFileSync } from 'node:fs';
     import { PGlite } from '@electric-sql/pglite';
     const pg = await PGlite.create();
     const dump = await pg.dumpDataDir('gzip');
     await pg.close();
     writeFileSync(process.argv[1], Buffer.from(await dump.arrayBuffer()));`,
    template,
  ],
  { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (initdb.status !== 0) {
  console.error(`build-server: PGlite's initdb for ${path.relative(ROOT, template)} failed (exit ${initdb.status ?? initdb.signal})`);
  process.exit(1);
}

const inputs = Object.keys(result.metafile.inputs);
const shared = inputs.filter((file) => file.startsWith('packages/shared/')).length;
const ms = Math.round(performance.now() - started);
console.info(
  `Server built: ${path.relative(ROOT, path.join(outdir, 'main.js'))} (${inputs.length - shared} server and ${shared} shared files, ${ms} ms), migrations and PGlite's empty cluster beside it`,
);
