import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { unpackEmptyCluster, untarGzip } from './pglite-cluster';

/** A ustar header block for `name` as PGlite's dumpDataDir writes them (leading slash, octal fields). */
function header(name: string, size: number, type: '0' | '5'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, 'utf8');
  block.write(`${(type === '5' ? 0o755 : 0o600).toString(8).padStart(7, '0')}\0`, 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(type, 156);
  block.write('ustar\0', 257);
  return block;
}

function tarGz(entries: Array<{ name: string; data?: Buffer }>): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, data } of entries) {
    blocks.push(header(name, data?.length ?? 0, data ? '0' : '5'));
    if (data) blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-cluster-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the empty cluster a first start unpacks', () => {
  // 70,000 bytes (several gzip chunks and 512-byte blocks, not a multiple of either) of a pattern that shows a shifted byte.
  const big = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7 + (i >> 9)) % 251));
  const archive = () => {
    const dir = tempDir();
    const file = path.join(dir, 'cluster.tar.gz');
    writeFileSync(
      file,
      tarGz([
        { name: '/base' },
        { name: '/base/1' },
        { name: '/base/1/1259', data: big },
        { name: '/PG_VERSION', data: Buffer.from('18\n') },
        { name: '/pg_wal' },
        { name: '/global/pg_control', data: Buffer.alloc(0) },
      ]),
    );
    return file;
  };

  it('unpacks every folder and file byte for byte', async () => {
    const target = path.join(tempDir(), 'pglite');
    await untarGzip(archive(), target);
    expect(readFileSync(path.join(target, 'base/1/1259')).equals(big)).toBe(true);
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readFileSync(path.join(target, 'global/pg_control')).length).toBe(0);
    expect(readdirSync(path.join(target, 'pg_wal'))).toEqual([]);
  });

  it('fills a missing or empty folder, leaves one that holds a database alone, and leaves nothing beside it', async () => {
    const root = tempDir();
    const fresh = path.join(root, 'fresh', 'pglite');
    expect(await unpackEmptyCluster(archive(), fresh)).toBe(true);
    expect(readFileSync(path.join(fresh, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(existsSync(`${fresh}.unpacking`)).toBe(false);

    const used = path.join(root, 'used');
    await untarGzip(archive(), used);
    writeFileSync(path.join(used, 'PG_VERSION'), '17\n');
    expect(await unpackEmptyCluster(archive(), used)).toBe(false);
    expect(readFileSync(path.join(used, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('refuses an entry that would land outside the folder', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'evil.tar.gz');
    writeFileSync(file, tarGz([{ name: '../../escaped', data: Buffer.from('x') }]));
    await expect(untarGzip(file, path.join(dir, 'target'))).rejects.toThrow(/outside the folder/);
    expect(existsSync(path.join(dir, 'escaped'))).toBe(false);
  });
});
