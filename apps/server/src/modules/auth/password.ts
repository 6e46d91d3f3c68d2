import { hash, verify, type Options } from '@node-rs/argon2';

// The package's Algorithm is an ambient const enum, which isolatedModules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 as Options['algorithm'];

// OWASP's second recommended argon2id setting (19 MiB, 2 passes): strong, and ~30 ms so logins stay quick.
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password or a hash that is not argon2 at all; never throws on bad input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
