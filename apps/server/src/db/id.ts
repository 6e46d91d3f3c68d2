import { randomBytes, randomInt } from 'node:crypto';

// Like a Mongo ObjectId: 4 bytes of seconds, 5 random bytes fixed per process, a 3-byte counter.
// Ids sort by creation time and the spec's display rule (characters 18 onwards) shows the counter part.
const processRandom = randomBytes(5);
let counter = randomInt(0, 0xffffff);

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(date: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const buffer = Buffer.alloc(12);
  buffer.writeUInt32BE(Math.floor(date.getTime() / 1000) >>> 0, 0);
  processRandom.copy(buffer, 4);
  buffer.writeUIntBE(counter, 9, 3);
  return buffer.toString('hex');
}

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
