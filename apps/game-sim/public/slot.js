// Slot: 5 reels x 3 rows, 10 lines. Every theme plays the same engine; a theme only changes the
// pictures of the symbol ids (W wild, S scatter, H1-H3 high, L1-L4 low) and the colours.

import { clear, el, pause, percent } from './ui.js';

const BASE = { W: 'WILD', S: '✪', L1: 'A', L2: 'K', L3: 'Q', L4: 'J' };
const THEMES = {
  'fortune-dragon': { H1: '♛', H2: '☯', H3: '♦' },
  'golden-koi': { H1: '❀', H2: '⚓', H3: '☾' },
  'jade-temple': { H1: '☯', H2: '♚', H3: '✦' },
  'lucky-lantern': { H1: '☀', H2: '♫', H3: '♥' },
  'panda-feast': { H1: '☘', H2: '♞', H3: '☂' },
  'star-fruit': { H1: '✿', H2: '♠', H3: '☀' },
};
const FILLER = [
  'L1',
  'H1',
  'L2',
  'L3',
  'H2',
  'L4',
  'H3',
  'L1',
  'L2',
  'W',
  'L3',
  'S',
  'L4',
  'H1',
  'L2',
];

export function mount(ctx) {
  const { rules, money, t } = ctx;
  const glyphs = { ...BASE, ...(THEMES[ctx.cfg.gameCode] ?? THEMES['fortune-dragon']) };
  const paylines = rules.paylines ?? [];
  const reelCount = rules.reels ?? 5;
  const rowCount = rules.rows ?? 3;

  ctx.playButton.textContent = t('spin');
  ctx.stakeLabel.textContent = t('totalBet');
  ctx.setStakeLimits(rules.limits, rules.defaultStakeMinor);

  const symbolNode = (id) =>
    el(
      'div',
      { class: `sym sym-${id}`, 'data-symbol': id },
      el('span', { class: 'glyph', text: glyphs[id] ?? id }),
    );

  // The reels: cells[reel][row].
  const cells = [];
  const reelNodes = [];
  for (let reel = 0; reel < reelCount; reel += 1) {
    const column = [];
    for (let row = 0; row < rowCount; row += 1) {
      const cell = el('div', { class: 'cell', 'data-reel': reel, 'data-row': row });
      cell.append(symbolNode(FILLER[(reel * 3 + row) % FILLER.length]));
      column.push(cell);
    }
    cells.push(column);
    const reelNode = el('div', { class: 'reel' }, column);
    reelNodes.push(reelNode);
  }
  const lineInfo = el('div', { class: 'line-info', 'data-testid': 'line-wins' });
  const lineBet = el('span', { class: 'line-bet muted' });
  clear(
    ctx.stage,
    el('div', { class: 'slot-machine' }, el('div', { class: 'reels' }, reelNodes)),
    el(
      'div',
      { class: 'slot-meta' },
      el('span', { text: t('lines', { n: paylines.length || 10 }) }),
      lineBet,
    ),
    lineInfo,
  );

  function updateLineBet() {
    const stake = money.parse(ctx.stakeInput.value);
    lineBet.textContent = stake ? t('lineBet', { amount: money.format(stake / 10n) }) : '';
  }
  ctx.stakeInput.addEventListener('input', updateLineBet);
  updateLineBet();

  let spinTimer = null;
  function startSpin() {
    lineInfo.replaceChildren();
    for (const column of cells) for (const cell of column) cell.classList.remove('hit', 'dim');
    reelNodes.forEach((reel) => reel.classList.add('spinning'));
    let tick = 0;
    spinTimer = setInterval(() => {
      tick += 1;
      cells.forEach((column, reel) => {
        if (!reelNodes[reel].classList.contains('spinning')) return;
        column.forEach((cell, row) => {
          cell.replaceChildren(symbolNode(FILLER[(tick + reel * 5 + row * 3) % FILLER.length]));
        });
      });
    }, 70);
  }

  function stopSpinNow() {
    clearInterval(spinTimer);
    reelNodes.forEach((reel) => reel.classList.remove('spinning'));
  }

  async function land(outcome) {
    await pause(350);
    for (let reel = 0; reel < reelCount; reel += 1) {
      await pause(170);
      reelNodes[reel].classList.remove('spinning');
      reelNodes[reel].classList.add('landed');
      cells[reel].forEach((cell, row) =>
        cell.replaceChildren(symbolNode(outcome.window[reel][row])),
      );
      setTimeout(() => reelNodes[reel].classList.remove('landed'), 300);
    }
    clearInterval(spinTimer);
    // Winning positions.
    const hits = new Set();
    for (const win of outcome.lines) {
      const rows = paylines[win.line - 1] ?? [];
      for (let reel = 0; reel < win.count; reel += 1) hits.add(`${reel}:${rows[reel]}`);
    }
    if (outcome.scatter.pay > 0) {
      outcome.window.forEach((column, reel) =>
        column.forEach((symbol, row) => symbol === 'S' && hits.add(`${reel}:${row}`)),
      );
    }
    if (hits.size > 0) {
      cells.forEach((column, reel) =>
        column.forEach((cell, row) =>
          cell.classList.add(hits.has(`${reel}:${row}`) ? 'hit' : 'dim'),
        ),
      );
    }
    clear(
      lineInfo,
      outcome.lines.map((win) =>
        el('span', {
          class: 'line-win',
          text: t('lineWin', {
            line: win.line,
            count: win.count,
            symbol: glyphs[win.symbol] ?? win.symbol,
            amount: money.format(win.payoutMinor),
          }),
        }),
      ),
      outcome.scatter.pay > 0
        ? el('span', {
            class: 'line-win',
            text: t('scatterWin', {
              count: outcome.scatter.count,
              amount: money.format(outcome.scatter.payoutMinor),
            }),
          })
        : null,
    );
  }

  ctx.playButton.addEventListener('click', async () => {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    const stake = ctx.readStake();
    if (stake === null) return;
    startSpin();
    const response = await ctx.playRound(
      { betMinor: stake.toString() },
      { animate: (outcome) => land(outcome), onError: stopSpinNow },
    );
    if (!response) stopSpinNow();
  });

  // Rules: paytable.
  const order = ['W', 'H1', 'H2', 'H3', 'L1', 'L2', 'L3', 'L4'];
  const paytable = rules.paytable ?? {};
  const scatter = rules.scatterPays ?? {};
  ctx.rulesText(
    el('p', { text: t('slotRule') }),
    el(
      'table',
      { class: 'paytable' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { text: t('paytable') }),
          ['3', '4', '5'].map((n) => el('th', { text: `×${n}` })),
        ),
      ),
      el(
        'tbody',
        {},
        order
          .filter((id) => paytable[id])
          .map((id) =>
            el(
              'tr',
              {},
              el('td', {}, symbolNode(id)),
              paytable[id].map((pay) => el('td', { text: String(pay) })),
            ),
          ),
        el(
          'tr',
          {},
          el('td', {}, symbolNode('S')),
          ['3', '4', '5'].map((n) =>
            el('td', { text: scatter[n] ? `${scatter[n]} × ${t('totalBet')}` : '' }),
          ),
        ),
      ),
    ),
    el('p', { class: 'small', text: t('wild') }),
    el('p', {
      class: 'small',
      text: t('scatter', { a: scatter[3], b: scatter[4], c: scatter[5] }),
    }),
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
