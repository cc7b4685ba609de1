import type { GameKind } from '@lobby/game-protocol';
import type { AnyEngine } from './engine.ts';
import { baccaratEngine } from './baccarat.ts';
import { fishEngine } from './fish.ts';
import { lotteryEngine } from './lottery.ts';
import { niuniuEngine } from './niuniu.ts';
import { rouletteEngine } from './roulette.ts';
import { slotEngine } from './slot.ts';
import { esportsEngine, sportsEngine } from './sports.ts';

/** The engine that plays each game kind (every slot theme shares the slot engine). */
const ENGINES: Record<GameKind, AnyEngine> = {
  slot: slotEngine,
  roulette: rouletteEngine,
  baccarat: baccaratEngine,
  fish: fishEngine,
  lottery: lotteryEngine,
  sports: sportsEngine,
  esports: esportsEngine,
  niuniu: niuniuEngine,
};

export function engineFor(kind: GameKind): AnyEngine {
  const engine = ENGINES[kind];
  if (!engine) throw new RangeError(`no engine for game kind ${String(kind)}`);
  return engine;
}
