import { startTestSim, type TestSim } from '@lobby/game-sim/testing';
import { silentLogger } from '../../../test/logger.ts';

/**
 * The game provider simulator on a real port (127.0.0.1, port 0) with an in-memory database,
 * for tests that drive Lobby against it over HTTP as production would, and play its games as a
 * browser does.
 */
export type RunningSim = TestSim & {
  gameProvider: { baseUrl: string; masterSecret: string; timeoutMs: number };
};

export async function startSim(options: { timeoutMs?: number } = {}): Promise<RunningSim> {
  const sim = await startTestSim({ logger: silentLogger });
  return {
    ...sim,
    gameProvider: {
      baseUrl: sim.baseUrl,
      masterSecret: sim.secret,
      timeoutMs: options.timeoutMs ?? 5_000,
    },
  };
}

export type PlayedRound = {
  roundId: string;
  stakeMinor: bigint;
  payoutMinor: bigint;
  balanceMinor: bigint;
};

/** What the game page is told: its play session, language and exit. */
export type PlayConfig = {
  sessionId: string;
  lang: string;
  gameCode: string;
  platformId: number;
  gameName: string;
  returnUrl: string | null;
};

/** Opens a launch URL as the browser does (on the sim's real address) and reads the page. */
export async function openGame(sim: RunningSim, launchUrl: string): Promise<PlayConfig> {
  const url = new URL(launchUrl);
  const response = await fetch(`${sim.baseUrl}${url.pathname}${url.search}`);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`play page ${response.status}: ${html}`);
  const match = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no play-config in the page');
  return JSON.parse(match[1]) as PlayConfig;
}

/** Plays slot rounds as the page does: POST /play/api/round with the slot engine's params. */
export async function playSlotRounds(
  sim: RunningSim,
  sessionId: string,
  rounds: number,
  betMinor: bigint,
): Promise<PlayedRound[]> {
  const played: PlayedRound[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const response = await fetch(`${sim.baseUrl}/play/api/round`, {
      method: 'POST',
      headers: { 'x-play-session': sessionId, 'content-type': 'application/json' },
      body: JSON.stringify({ params: { betMinor: betMinor.toString() } }),
    });
    const body = (await response.json()) as Record<string, string>;
    if (response.status !== 200)
      throw new Error(`round ${response.status}: ${JSON.stringify(body)}`);
    played.push({
      roundId: String(body.roundId),
      stakeMinor: BigInt(String(body.stakeMinor)),
      payoutMinor: BigInt(String(body.payoutMinor)),
      balanceMinor: BigInt(String(body.balanceMinor)),
    });
  }
  return played;
}
