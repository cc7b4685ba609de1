// Quick 3D lottery: a draw every minute, three digits. Bet on the sum (big/small), a digit's
// parity, or the exact number on the selected open draw; bets settle at the draw.

import { clear, clock, el, pause, percent } from './ui.js';
import { scheduledGame } from './scheduled.js';

export function mount(ctx) {
  const { rules, t } = ctx;
  const limits = rules.limits ?? {};
  const odds = rules.odds ?? { exact: 95000, sum: 195, digit: 195 };
  const oddsText = (hundredths) => `×${(hundredths / 100).toFixed(2).replace(/\.00$/, '')}`;

  let betType = 'sum';
  let sumPick = 'big';
  let digitPick = 'odd';
  let position = 0;

  ctx.setStakeLimits(limits.other, rules.defaultStakeMinor);

  // Latest draw display.
  const balls = [0, 1, 2].map(() => el('span', { class: 'ball', text: '?' }));
  const latestTitle = el('span', { class: 'latest-title', text: t('latestDraw') });
  const latestSum = el('span', { class: 'latest-sum' });
  const next = el('div', { class: 'next-draw', 'data-testid': 'next-draw' });
  clear(
    ctx.stage,
    el(
      'div',
      { class: 'lottery-board' },
      el(
        'div',
        { class: 'latest' },
        latestTitle,
        el('div', { class: 'balls', 'data-testid': 'latest-result' }, balls),
        latestSum,
      ),
      next,
    ),
  );

  // Bet form.
  const tabs = ['sum', 'digit', 'exact'];
  const tabButtons = tabs.map((type) =>
    el('button', {
      type: 'button',
      class: 'tab',
      'data-testid': `bet-type-${type}`,
      'aria-pressed': String(type === betType),
      text: t(`${type}Bet`),
      onclick: () => setType(type),
    }),
  );
  const pickButton = (value, group, label) =>
    el('button', {
      type: 'button',
      class: `pick pick-${group}`,
      'data-testid': `pick-${value}`,
      'data-value': value,
      text: label,
      onclick: () => {
        if (group === 'sum') sumPick = value;
        else digitPick = value;
        refreshPicks();
      },
    });
  const sumPicks = el(
    'div',
    { class: 'picks' },
    pickButton('big', 'sum', `${t('big')} ${oddsText(odds.sum)}`),
    pickButton('small', 'sum', `${t('small')} ${oddsText(odds.sum)}`),
  );
  const positionSelect = el(
    'select',
    {
      'data-testid': 'digit-position',
      'aria-label': t('pos0'),
      onchange: (event) => {
        position = Number(event.target.value);
      },
    },
    [0, 1, 2].map((p) => el('option', { value: p, text: t(`pos${p}`) })),
  );
  const digitPicks = el(
    'div',
    { class: 'picks' },
    positionSelect,
    pickButton('odd', 'digit', `${t('odd')} ${oddsText(odds.digit)}`),
    pickButton('even', 'digit', `${t('even')} ${oddsText(odds.digit)}`),
  );
  const numberInput = el('input', {
    class: 'number-input',
    'data-testid': 'exact-number',
    inputmode: 'numeric',
    maxlength: 3,
    placeholder: '000',
    'aria-label': t('exactNumber'),
  });
  const exactPicks = el(
    'div',
    { class: 'picks' },
    el('label', { class: 'small', text: t('exactNumber') }),
    numberInput,
    el('span', { class: 'muted small', text: oddsText(odds.exact) }),
  );
  const forms = { sum: sumPicks, digit: digitPicks, exact: exactPicks };
  const slip = el('p', { class: 'slip small', 'data-testid': 'bet-slip' });
  clear(
    ctx.gameControls,
    el('div', { class: 'tabs' }, tabButtons),
    sumPicks,
    digitPicks,
    exactPicks,
    slip,
  );

  function setType(type) {
    betType = type;
    tabButtons.forEach((button, i) =>
      button.setAttribute('aria-pressed', String(tabs[i] === type)),
    );
    for (const [name, node] of Object.entries(forms)) node.hidden = name !== type;
    ctx.setStakeLimits(type === 'exact' ? limits.exact : limits.other);
  }
  function refreshPicks() {
    for (const button of sumPicks.querySelectorAll('.pick')) {
      button.setAttribute('aria-pressed', String(button.dataset.value === sumPick));
    }
    for (const button of digitPicks.querySelectorAll('.pick')) {
      button.setAttribute('aria-pressed', String(button.dataset.value === digitPick));
    }
  }
  setType('sum');
  refreshPicks();

  const pickName = (value) =>
    value === 'big' || value === 'small'
      ? t(value)
          .replace(/\s*\(.*\)$/, '')
          .replace(/（.*）$/, '')
      : t(value);
  function describeBetParams(bet) {
    if (!bet) return '';
    if (bet.type === 'exact') return t('lotteryBet_exact', { n: bet.number });
    if (bet.type === 'sum') return t('lotteryBet_sum', { pick: pickName(bet.pick) });
    return t('lotteryBet_digit', { pos: t(`pos${bet.position}`), pick: t(bet.pick) });
  }

  let lastShown = null;
  async function showLatest(event) {
    if (!event || event.id === lastShown) return;
    const first = lastShown === null;
    lastShown = event.id;
    latestTitle.textContent = `${t('latestDraw')} · ${event.id}`;
    const digits = event.result.digits ?? String(event.result.number).split('').map(Number);
    if (!first) {
      for (let spin = 0; spin < 10; spin += 1) {
        balls.forEach((ball) => {
          ball.textContent = String(Math.floor(Math.random() * 10));
          ball.classList.add('rolling');
        });
        await pause(70);
      }
    }
    balls.forEach((ball, i) => {
      ball.classList.remove('rolling');
      ball.textContent = String(digits[i]);
    });
    latestSum.textContent = t('sum', { n: event.result.sum });
  }

  const game = scheduledGame(ctx, {
    betLimits: () => (betType === 'exact' ? limits.exact : limits.other),
    paramsFor(stake, event) {
      let bet;
      if (betType === 'sum') bet = { type: 'sum', pick: sumPick };
      else if (betType === 'digit') bet = { type: 'digit', position, pick: digitPick };
      else {
        const number = numberInput.value.trim();
        if (!/^[0-9]{3}$/.test(number)) {
          ctx.showError('exact_number');
          numberInput.focus();
          return null;
        }
        bet = { type: 'exact', number };
      }
      return { eventId: event.id, bet, amountMinor: stake.toString() };
    },
    describeBet: (bet) => describeBetParams(bet.params?.bet),
    renderEvent(event, { phase, select }) {
      const result = event.result;
      return el(
        'button',
        {
          type: 'button',
          class: 'event-row lottery-row',
          disabled: phase !== 'open',
          onclick: () => select(event.id),
        },
        el('span', { class: 'event-id', text: event.id }),
        el('span', { class: 'event-time', text: clock(event.resultAt) }),
        result
          ? el('span', {
              class: 'event-result',
              text: `${result.number} · ${t('sum', { n: result.sum })}`,
            })
          : el('span', { class: 'event-status', 'data-countdown': true }),
      );
    },
    statusText: (event, phase) =>
      phase === 'closed' ? t('closed') : phase === 'drawing' ? t('drawing') : '',
    renderStage(events, now) {
      const drawn = events
        .filter((event) => event.result)
        .sort((a, b) => Date.parse(b.resultAt) - Date.parse(a.resultAt));
      showLatest(drawn[0]);
      const selected = game?.selected();
      const nextOpen = selected ?? events.find((event) => now < Date.parse(event.closesAt));
      if (nextOpen) {
        const seconds = Math.max(0, Math.ceil((Date.parse(nextOpen.closesAt) - now) / 1000));
        next.textContent = `${t('draw', { id: nextOpen.id })} · ${t('closesIn', { s: seconds })}`;
      }
      slip.textContent = nextOpen ? `${t('selected')}: ${nextOpen.id}` : '';
    },
  });

  ctx.rulesText(
    el('p', { text: t('lotteryRule') }),
    el(
      'ul',
      { class: 'small muted' },
      el('li', {
        text: `${t('exactBet')} ${oddsText(odds.exact)} · ${t('rtp', { value: percent(rules.rtp?.exact ?? 0.95, 1) })}`,
      }),
      el('li', {
        text: `${t('sumBet')} ${oddsText(odds.sum)} · ${t('rtp', { value: percent(rules.rtp?.sum ?? 0.975, 1) })}`,
      }),
      el('li', {
        text: `${t('digitBet')} ${oddsText(odds.digit)} · ${t('rtp', { value: percent(rules.rtp?.digit ?? 0.975, 1) })}`,
      }),
    ),
  );
}
