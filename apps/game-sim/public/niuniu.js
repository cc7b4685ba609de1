// Bull Bull (百人牛牛): four seats against the banker. Tap seats to bet the stake on each; the
// round holds 5 x stake per seat while dealing (a loss can cost up to 5 x) and pays back the rest.

import { cardNode, clear, el, pause, percent } from './ui.js';

const SEATS = ['tian', 'di', 'xuan', 'huang'];

export function mount(ctx) {
  const { rules, money, t } = ctx;
  const selected = new Set(['tian']);
  const frozenMultiplier = BigInt(rules.frozenMultiplier ?? 5);

  ctx.playButton.textContent = t('deal');
  ctx.setStakeLimits(rules.limits, rules.defaultStakeMinor);

  const handLabel = (hand) =>
    hand.kind === 'bull' ? t('hand_bull', { n: hand.bull }) : t(`hand_${hand.kind}`);

  const makeHand = (name, isSeat) => {
    const cards = el('div', { class: 'hand-cards' });
    const label = el('span', { class: 'nn-label' });
    const badge = el('span', { class: 'nn-badge' });
    const box = el(
      isSeat ? 'button' : 'div',
      {
        class: `nn-hand ${isSeat ? 'nn-seat' : 'nn-banker'}`,
        'data-testid': isSeat ? `seat-${name}` : 'banker-hand',
        ...(isSeat
          ? {
              type: 'button',
              'aria-pressed': String(selected.has(name)),
              onclick: () => toggle(name),
            }
          : {}),
      },
      el(
        'div',
        { class: 'hand-head' },
        el('span', { class: 'hand-name', text: isSeat ? t(`seat_${name}`) : t('banker') }),
        badge,
      ),
      cards,
      label,
    );
    return { box, cards, label, badge };
  };
  const banker = makeHand('banker', false);
  const seats = Object.fromEntries(SEATS.map((seat) => [seat, makeHand(seat, true)]));
  const frozen = el('p', { class: 'small muted', 'data-testid': 'frozen' });
  clear(
    ctx.stage,
    el(
      'div',
      { class: 'nn-table' },
      banker.box,
      el(
        'div',
        { class: 'nn-seats' },
        SEATS.map((s) => seats[s].box),
      ),
    ),
  );
  clear(ctx.gameControls, el('p', { class: 'small', text: t('pickSeats') }), frozen);

  for (const hand of [banker, ...Object.values(seats)]) {
    for (let i = 0; i < 5; i += 1) hand.cards.append(cardNode('AS', { hidden: true, small: true }));
  }

  function toggle(seat) {
    if (ctx.isBusy()) return;
    if (selected.has(seat)) selected.delete(seat);
    else selected.add(seat);
    seats[seat].box.setAttribute('aria-pressed', String(selected.has(seat)));
    updateFrozen();
  }
  function updateFrozen() {
    const stake = money.parse(ctx.stakeInput.value);
    frozen.textContent =
      stake && selected.size > 0
        ? t('frozen', { amount: money.format(stake * BigInt(selected.size) * frozenMultiplier) })
        : '';
  }
  ctx.stakeInput.addEventListener('input', updateFrozen);
  updateFrozen();

  async function reveal(outcome) {
    const all = [banker, ...SEATS.map((s) => seats[s])];
    for (const hand of all) {
      hand.label.textContent = '';
      hand.badge.textContent = '';
      hand.box.classList.remove('won', 'lost');
      clear(
        hand.cards,
        Array.from({ length: 5 }, () => cardNode('AS', { hidden: true, small: true })),
      );
    }
    await pause(300);
    const order = [[banker, outcome.banker], ...SEATS.map((s) => [seats[s], outcome.seats[s]])];
    for (const [hand, result] of order) {
      await pause(320);
      clear(
        hand.cards,
        result.cards.map((text) => {
          const node = cardNode(text, { small: true });
          node.classList.add('deal-in');
          return node;
        }),
      );
      hand.label.textContent = `${handLabel(result)} ×${result.multiplier}`;
    }
    for (const seat of SEATS) {
      const result = outcome.seats[seat];
      const hand = seats[seat];
      hand.box.classList.add(result.wins ? 'won' : 'lost');
      hand.badge.textContent = result.wins
        ? t('seatWins', { m: result.multiplier })
        : t('seatLoses', { m: outcome.banker.multiplier });
    }
  }

  ctx.playButton.addEventListener('click', async () => {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    if (selected.size === 0) {
      ctx.showError('no_bet');
      return;
    }
    const stake = ctx.readStake();
    if (stake === null) return;
    const params = Object.fromEntries([...selected].map((seat) => [seat, stake.toString()]));
    await ctx.playRound(params, {
      animate: reveal,
      summarize: (response) => {
        const net = BigInt(response.payoutMinor) - BigInt(response.stakeMinor);
        if (net > 0n) return { text: t('win', { amount: money.format(net) }), state: 'win' };
        if (net === 0n)
          return { text: t('push', { amount: money.format(response.payoutMinor) }), state: 'push' };
        return { text: t('lose', { amount: money.format(-net) }), state: 'lose' };
      },
    });
  });

  ctx.rulesText(
    el('p', { text: t('niuniuRule') }),
    rules.rtp
      ? el('p', { class: 'small muted', text: t('rtp', { value: percent(rules.rtp) }) })
      : null,
    rules.limits
      ? el('p', {
          class: 'small muted',
          text: t('limits', {
            min: money.format(rules.limits.minMinor),
            max: money.format(rules.limits.maxMinor),
          }),
        })
      : null,
  );
}
