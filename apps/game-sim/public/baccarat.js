// Baccarat (punto banco): pick Player, Tie or Banker, deal; the cards come one by one in the
// real order and the bead road keeps the last results.

import { cardNode, clear, el, pause, percent } from './ui.js';

const SIDES = ['player', 'tie', 'banker'];

export function mount(ctx) {
  const { rules, money, t } = ctx;
  const limits = rules.limits ?? {};
  const payouts = rules.payouts ?? { player: '1:1', banker: '0.95:1', tie: '8:1' };
  let side = 'banker';

  ctx.playButton.textContent = t('deal');
  ctx.setStakeLimits(limits.banker, rules.defaultStakeMinor);

  const hand = (name) => {
    const cards = el('div', { class: 'hand-cards', 'data-testid': `${name}-cards` });
    const total = el('span', { class: 'hand-total', 'data-testid': `${name}-total`, text: '–' });
    const box = el(
      'div',
      { class: `hand hand-${name}` },
      el('div', { class: 'hand-head' }, el('span', { class: 'hand-name', text: t(name) }), total),
      cards,
    );
    return { box, cards, total };
  };
  const player = hand('player');
  const banker = hand('banker');
  const road = el('div', { class: 'bead-road', 'data-testid': 'bead-road' });
  clear(ctx.stage, el('div', { class: 'baccarat-table' }, player.box, banker.box), road);

  const sideButtons = SIDES.map((name) =>
    el(
      'button',
      {
        type: 'button',
        class: `side-button side-${name}`,
        'data-testid': `side-${name}`,
        'aria-pressed': String(name === side),
        onclick: () => select(name),
      },
      el('span', { class: 'side-name', text: t(name) }),
      el('span', { class: 'side-pays', text: payouts[name] ?? '' }),
    ),
  );
  clear(
    ctx.gameControls,
    el('div', { class: 'side-picker', role: 'group', 'aria-label': t('pickSide') }, sideButtons),
  );

  function select(name) {
    side = name;
    sideButtons.forEach((button, i) =>
      button.setAttribute('aria-pressed', String(SIDES[i] === name)),
    );
    ctx.setStakeLimits(limits[name] ?? limits.banker);
  }

  const history = [];
  function addToRoad(winner) {
    history.push(winner);
    if (history.length > 48) history.shift();
    clear(
      road,
      history.map((w) =>
        el('span', { class: `bead bead-${w}`, title: t(w), text: t(w).slice(0, 1) }),
      ),
    );
  }

  async function reveal(outcome) {
    clear(player.cards);
    clear(banker.cards);
    player.total.textContent = '–';
    banker.total.textContent = '–';
    player.box.classList.remove('winner');
    banker.box.classList.remove('winner');
    const order = [
      [player, outcome.player[0]],
      [banker, outcome.banker[0]],
      [player, outcome.player[1]],
      [banker, outcome.banker[1]],
      [player, outcome.player[2]],
      [banker, outcome.banker[2]],
    ];
    const shown = { player: [], banker: [] };
    for (const [target, text] of order) {
      if (!text) continue;
      await pause(380);
      const node = cardNode(text);
      node.classList.add('deal-in');
      target.cards.append(node);
      const name = target === player ? 'player' : 'banker';
      shown[name].push(text);
      target.total.textContent = String(totalOf(shown[name]));
    }
    player.total.textContent = String(outcome.playerTotal);
    banker.total.textContent = String(outcome.bankerTotal);
    if (outcome.winner === 'player') player.box.classList.add('winner');
    if (outcome.winner === 'banker') banker.box.classList.add('winner');
    addToRoad(outcome.winner);
  }

  ctx.playButton.addEventListener('click', async () => {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    const stake = ctx.readStake(limits[side] ?? limits.banker);
    if (stake === null) return;
    await ctx.playRound(
      { [side]: stake.toString() },
      {
        animate: reveal,
        summarize: (response) => {
          const o = response.outcome;
          const p = o.playerTotal;
          const b = o.bankerTotal;
          const result =
            o.winner === 'player'
              ? t('playerWins', { p, b })
              : o.winner === 'banker'
                ? t('bankerWins', { p, b })
                : t('tieResult', { p, b });
          const natural = o.natural ? ` (${t('natural')})` : '';
          const payout = BigInt(response.payoutMinor);
          const staked = BigInt(response.stakeMinor);
          if (payout === 0n) return { text: `${result}${natural} · ${t('noWin')}`, state: 'lose' };
          if (payout === staked) {
            return {
              text: `${result} · ${t('push', { amount: money.format(payout) })}`,
              state: 'push',
            };
          }
          return {
            text: `${result}${natural} · ${t('win', { amount: money.format(payout) })}`,
            state: 'win',
          };
        },
      },
    );
  });

  const rtp = rules.rtp ?? {};
  ctx.rulesText(
    el('p', { text: t('baccaratRule') }),
    el(
      'ul',
      { class: 'small muted' },
      SIDES.map((name) =>
        el('li', {
          text: `${t(name)} ${payouts[name] ?? ''}${rtp[name] ? ` · ${t('rtp', { value: percent(rtp[name]) })}` : ''}`,
        }),
      ),
    ),
  );
}

function totalOf(cards) {
  return (
    cards.reduce((sum, text) => {
      const rank = text.slice(0, -1);
      const value = rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(rank) ? 0 : Number(rank);
      return sum + value;
    }, 0) % 10
  );
}
