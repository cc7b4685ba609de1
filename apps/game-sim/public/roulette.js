// European roulette: a wheel and a betting table. Tapping the table adds a chip of the stake to
// that bet; Spin plays every chip on the table (or the stake on Red when the table is empty).

import { clear, el, pause, percent } from './ui.js';

const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const SEGMENT = 360 / WHEEL.length;

export function mount(ctx) {
  const { rules, money, t } = ctx;
  const red = new Set(rules.redNumbers ?? []);
  const colorOf = (n) => (n === 0 ? 'green' : red.has(n) ? 'red' : 'black');
  const limits = rules.limits ?? {};

  ctx.playButton.textContent = t('spin');
  ctx.setStakeLimits(limits.other, rules.defaultStakeMinor);

  // Wheel.
  const gradient = WHEEL.map((n, i) => {
    const color = { green: '#1f9d55', red: '#c62828', black: '#1b1b1b' }[colorOf(n)];
    return `${color} ${i * SEGMENT}deg ${(i + 1) * SEGMENT}deg`;
  }).join(', ');
  const disc = el(
    'div',
    {
      class: 'wheel-disc',
      style: `background: conic-gradient(from ${-SEGMENT / 2}deg, ${gradient})`,
    },
    WHEEL.map((n, i) =>
      el(
        'span',
        { class: 'wheel-number', style: `transform: rotate(${i * SEGMENT}deg)` },
        el('b', { text: String(n) }),
      ),
    ),
    el('div', { class: 'wheel-hub' }),
  );
  const pocketShow = el('div', { class: 'pocket-show', 'data-testid': 'pocket', text: '–' });
  const wheel = el('div', { class: 'wheel' }, el('div', { class: 'wheel-marker' }), disc);
  let rotation = 0;

  // Table.
  const bets = new Map(); // key -> bigint
  const cells = new Map(); // key -> element
  const describeKey = (key) => {
    const [type, value] = key.split(':');
    if (type === 'straight') return { type, number: Number(value) };
    if (type === 'dozen' || type === 'column') return { type, index: Number(value) };
    return { type };
  };
  const labelOf = (key) => {
    const bet = describeKey(key);
    if (bet.type === 'straight') return t('straight', { n: bet.number });
    if (bet.type === 'dozen') return t(`dozen${bet.index}`);
    if (bet.type === 'column') return t('column', { n: bet.index });
    return t(bet.type);
  };
  function cell(key, text, extraClass, style) {
    const chip = el('span', { class: 'chip-badge', hidden: true });
    const node = el(
      'button',
      {
        type: 'button',
        class: `bet-cell ${extraClass}`,
        style,
        'data-testid': `bet-${key.replace(':', '-')}`,
        'aria-label': labelOf(key),
        onclick: () => addChip(key),
      },
      el('span', { class: 'bet-text', text }),
      chip,
    );
    cells.set(key, node);
    return node;
  }
  const table = el('div', { class: 'roulette-table' });
  table.append(cell('straight:0', '0', 'green zero', 'grid-row: 1 / span 3; grid-column: 1'));
  for (let n = 1; n <= 36; n += 1) {
    const column = Math.ceil(n / 3) + 1;
    const row = 3 - ((n - 1) % 3);
    table.append(
      cell(`straight:${n}`, String(n), colorOf(n), `grid-row: ${row}; grid-column: ${column}`),
    );
  }
  for (let c = 1; c <= 3; c += 1) {
    table.append(cell(`column:${c}`, '2:1', 'outside', `grid-row: ${4 - c}; grid-column: 14`));
  }
  for (let d = 1; d <= 3; d += 1) {
    table.append(
      cell(
        `dozen:${d}`,
        t(`dozen${d}`),
        'outside',
        `grid-row: 4; grid-column: ${2 + (d - 1) * 4} / span 4`,
      ),
    );
  }
  ['low', 'even', 'red', 'black', 'odd', 'high'].forEach((type, i) => {
    table.append(
      cell(
        type,
        t(type),
        `outside ${type === 'red' || type === 'black' ? type : ''}`,
        `grid-row: 5; grid-column: ${2 + i * 2} / span 2`,
      ),
    );
  });

  const total = el('span', { class: 'table-total', 'data-testid': 'table-total' });
  const clearButton = el('button', {
    type: 'button',
    class: 'small-button ghost',
    'data-testid': 'clear-bets',
    text: t('clear'),
    onclick: () => {
      bets.clear();
      renderChips();
    },
  });

  function addChip(key) {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    const bet = describeKey(key);
    const stake = ctx.readStake(bet.type === 'straight' ? limits.straight : limits.other);
    if (stake === null) return;
    bets.set(key, (bets.get(key) ?? 0n) + stake);
    renderChips();
  }

  function renderChips() {
    let sum = 0n;
    for (const [key, node] of cells) {
      const amount = bets.get(key) ?? 0n;
      sum += amount;
      const badge = node.querySelector('.chip-badge');
      badge.hidden = amount === 0n;
      badge.textContent = amount === 0n ? '' : money.format(amount);
      node.classList.toggle('has-chip', amount > 0n);
    }
    total.textContent = sum > 0n ? t('tableTotal', { amount: money.format(sum) }) : t('emptyBoard');
  }
  renderChips();

  clear(
    ctx.stage,
    el('div', { class: 'roulette-top' }, wheel, pocketShow),
    el('p', { class: 'muted small', text: t('chipHint') }),
    el('div', { class: 'table-scroll' }, table),
    el('div', { class: 'table-bar' }, total, clearButton),
  );

  async function spinTo(pocket) {
    const index = WHEEL.indexOf(pocket);
    const target = (360 - index * SEGMENT) % 360;
    const current = ((rotation % 360) + 360) % 360;
    rotation += 720 + ((target - current + 360) % 360);
    disc.style.transform = `rotate(${rotation}deg)`;
    pocketShow.textContent = '…';
    pocketShow.className = 'pocket-show';
    await pause(2300);
    pocketShow.textContent = String(pocket);
    pocketShow.className = `pocket-show ${colorOf(pocket)}`;
    for (const node of cells.values()) node.classList.remove('winner');
    cells.get(`straight:${pocket}`)?.classList.add('winner');
  }

  ctx.playButton.addEventListener('click', async () => {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    let list = [...bets].map(([key, amount]) => ({
      ...describeKey(key),
      amountMinor: amount.toString(),
    }));
    if (list.length === 0) {
      const stake = ctx.readStake(limits.other);
      if (stake === null) return;
      list = [{ type: 'red', amountMinor: stake.toString() }];
    }
    await ctx.playRound(
      { bets: list },
      {
        animate: async (outcome) => {
          await spinTo(outcome.pocket);
          for (const bet of outcome.bets) {
            if (!bet.wins) continue;
            const key =
              bet.type === 'straight'
                ? `straight:${bet.number}`
                : bet.type === 'dozen' || bet.type === 'column'
                  ? `${bet.type}:${bet.index}`
                  : bet.type;
            cells.get(key)?.classList.add('winner');
          }
        },
        summarize: (response) => {
          const outcome = response.outcome;
          const payout = BigInt(response.payoutMinor);
          const ball = t('ballOn', { n: outcome.pocket, color: t(outcome.color) });
          return payout > 0n
            ? { text: `${ball} · ${t('win', { amount: money.format(payout) })}`, state: 'win' }
            : { text: `${ball} · ${t('noWin')}`, state: 'lose' };
        },
      },
    );
  });

  ctx.rulesText(
    el('p', { text: t('rouletteRule') }),
    rules.rtp
      ? el('p', { class: 'small muted', text: t('rtp', { value: percent(rules.rtp) }) })
      : null,
    limits.other
      ? el('p', {
          class: 'small muted',
          text: t('limits', {
            min: money.format(limits.other.minMinor),
            max: money.format(limits.other.maxMinor),
          }),
        })
      : null,
  );
}
