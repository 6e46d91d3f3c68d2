import { createReadStream } from 'node:fs';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.toString('utf8', 0, end === -1 ? length : end);
}

/** An entry's path inside `root`; throws for one that would land outside it. */
function inside(root: string, name: string): string {
  const target = path.resolve(root, `.${path.posix.sep}${name.replace(/^\/+/, '')}`);
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) throw new Error(`tar entry outside the folder: ${name}`);
  return target;
}

/**
 * Unpacks a gzipped tar (ustar, as PGlite's dumpDataDir writes it: directories and regular files) into `dir`, a
 * chunk at a time: PGlite's own loadDataDir holds the whole archive, unpacked, several times over (90 MB for an
 * empty cluster), and the process keeps that memory once it has been touched.
 */
export async function untarGzip(file: string, dir: string): Promise<void> {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  let pending: Buffer = Buffer.alloc(0);
  let fd: number | null = null;
  let left = 0;
  let skip = 0;
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (left > 0) {
        if (pending.length === 0) break;
        const piece = pending.subarray(0, Math.min(left, pending.length));
        writeSync(fd as number, piece);
        left -= piece.length;
        pending = pending.subarray(piece.length);
        if (left === 0) {
          closeSync(fd as number);
          fd = null;
        }
        continue;
      }
      if (skip > 0) {
        const dropped = Math.min(skip, pending.length);
        skip -= dropped;
        pending = pending.subarray(dropped);
        if (skip > 0) break;
        continue;
      }
      if (pending.length < BLOCK) break;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) continue;
      const prefix = field(header, 345, 155);
      const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
      const size = parseInt(field(header, 124, 12).trim() || '0', 8);
      const mode = parseInt(field(header, 100, 8).trim() || '644', 8) & 0o777;
      const type = String.fromCharCode(header[156] ?? 0);
      const target = inside(root, name);
      if (type === '5') {
        mkdirSync(target, { recursive: true });
      } else if (type === '0' || type === '\0') {
        mkdirSync(path.dirname(target), { recursive: true });
        fd = openSync(target, 'w', mode || 0o600);
        left = size;
        if (size === 0) {
          closeSync(fd);
          fd = null;
        }
      } else {
        throw new Error(`tar entry of a type not expected in a database cluster (${type}): ${name}`);
      }
      skip = (BLOCK - (size % BLOCK)) % BLOCK;
    }
  }
  if (fd !== null) closeSync(fd);
  if (left > 0) throw new Error(`${file} ends inside a file`);
}

/**
 * Puts the empty cluster `template` in `dir` when `dir` is missing or empty, unpacked beside it first and renamed
 * into place, so that a start cut short leaves no half cluster that PGlite would take for a database. Returns
 * whether it did; a folder that holds anything is left to PGlite as it is.
 */
export async function unpackEmptyCluster(template: string, dir: string): Promise<boolean> {
  const existing = await readdir(dir).catch(() => null);
  if (existing && existing.length > 0) return false;
  const unpacking = `${dir}.unpacking`;
  await rm(unpacking, { recursive: true, force: true });
  await untarGzip(template, unpacking);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  await rename(unpacking, dir);
  return true;
}
