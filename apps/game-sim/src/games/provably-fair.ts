import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Fairness, FairDraw } from './engine.ts';

/**
 * Provably fair random numbers.
 *
 * - The server seed is 32 random bytes from node:crypto, written as 64 lowercase hex characters.
 * - Its commitment is SHA-256 of that hex text (UTF-8), shown before the round.
 * - The round's byte stream is HMAC-SHA256 keyed with the server seed text over
 *   `${clientSeed}:${nonce}:${counter}` for counter = 0, 1, 2, ... (32 bytes per block).
 * - Integers are read as big-endian unsigned 32-bit words; `int(n)` rejects words at or above
 *   the largest multiple of n below 2^32 and takes the next word, so every value of [0, n) is
 *   exactly equally likely (no modulo bias).
 *
 * Anyone holding the revealed server seed, the client seed and the nonce can recompute the
 * stream, hence every card, reel stop and ball of the round.
 */

const TWO_POW_32 = 0x1_0000_0000;

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** Client seeds the player may choose: short printable text (the page offers a random one). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/** Rejection sampling over a source of uniform 32-bit words; shared by every draw below. */
export function drawFromWords(nextWord: () => number): FairDraw {
  return {
    int(n: number): number {
      if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) {
        throw new RangeError(`int(n) needs an integer 1 <= n <= 2^32, got ${n}`);
      }
      // Largest multiple of n that fits in 32 bits: words below it map onto [0, n) evenly.
      const limit = TWO_POW_32 - (TWO_POW_32 % n);
      for (;;) {
        const word = nextWord();
        if (word < limit) return word % n;
      }
    },
  };
}

export type FairInputs = { serverSeed: string; clientSeed: string; nonce: number };

/** The live games' draw: HMAC-SHA256 counter stream (see the top of this file). */
export function fairDraw({ serverSeed, clientSeed, nonce }: FairInputs): FairDraw {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return drawFromWords(() => {
    if (offset + 4 > block.length) {
      block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  });
}

/**
 * A fast deterministic stream for simulations only (AES-256-CTR keystream keyed by SHA-256 of
 * `seed`, read in 64 KiB batches). It is as uniform as the live stream and uses the same
 * rejection sampling, but it is not the provably fair stream: live rounds use `fairDraw`.
 */
export function simulationDraw(seed: string): FairDraw {
  const key = createHash('sha256').update(seed, 'utf8').digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(65_536);
  let batch = Buffer.alloc(0);
  let offset = 0;
  return drawFromWords(() => {
    if (offset + 4 > batch.length) {
      batch = cipher.update(zeros);
      offset = 0;
    }
    const word = batch.readUInt32BE(offset);
    offset += 4;
    return word;
  });
}

/** True when the revealed server seed matches the hash shown before the round. */
export function verifyCommitment(fairness: Pick<Fairness, 'serverSeed' | 'serverSeedHash'>) {
  return hashServerSeed(fairness.serverSeed) === fairness.serverSeedHash.toLowerCase();
}

/**
 * Recomputes a finished round from its revealed fairness: checks the commitment and replays the
 * game's `play` with the same draw, so a test (or a support tool) can compare the outcome.
 */
export function verifyRound<R>(
  fairness: Fairness,
  play: (draw: FairDraw) => R,
): { commitmentOk: boolean; replay: R } {
  return { commitmentOk: verifyCommitment(fairness), replay: play(fairDraw(fairness)) };
}
