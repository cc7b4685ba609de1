// Shared frame of the scheduled games (lottery, sports, esports): the event list and my bets,
// polled from the play API, countdowns on the server's clock, placing a bet, noticing settlement.

import { serverNow } from './api.js';
import { clear, el } from './ui.js';

const EVENTS_EVERY_MS = 3000;
const BETS_EVERY_MS = 4000;

/**
 * game: {
 *   renderEvent(event, {selected, phase, now, select}) -> Node (an element with
 *     [data-countdown] gets the countdown text every second),
 *   signature?(event) -> anything that, when it changes, redraws the event's row,
 *   statusText?(event, phase, now) -> text for closed, drawing and done events,
 *   renderStage?(events, now),       // the game's own display (latest draw...)
 *   describeBet(bet) -> text,         // bet: {betId, eventId, params, stakeMinor, status, ...}
 *   paramsFor(stakeMinor) -> params | null,   // null: nothing selected (an error was shown)
 *   betLimits() -> limits,
 *   onSelect?(event),
 *   eventTitle?(event) -> text,
 * }
 */
export function scheduledGame(ctx, game) {
  const { api, t, money } = ctx;
  ctx.playButton.textContent = t('placeBet');

  const eventList = el('div', {
    id: 'event-list',
    'data-testid': 'event-list',
    class: 'event-list',
  });
  const betList = el('div', { id: 'bet-list', 'data-testid': 'bet-list', class: 'bet-list' });
  // Events right under the game's display (picked before staking), my bets after the controls.
  ctx.stage.after(
    el('section', { class: 'panel events-panel' }, el('h2', { text: t('events') }), eventList),
  );
  ctx.extra.append(
    el('section', { class: 'panel bets-panel' }, el('h2', { text: t('myBets') }), betList),
  );

  let events = [];
  let bets = [];
  let selectedId = null;
  const knownStatus = new Map();
  let firstBets = true;

  const phaseOf = (event, now) => {
    if (event.result !== null && event.result !== undefined) return 'done';
    if (now < Date.parse(event.closesAt)) return 'open';
    if (now < Date.parse(event.resultAt)) return 'closed';
    return 'drawing';
  };

  function selected() {
    return events.find((event) => event.id === selectedId) ?? null;
  }

  function select(id) {
    selectedId = id;
    const event = selected();
    if (event) {
      ctx.fairness.showEvent(eventTitle(event), event.fairness?.serverSeedHash);
      game.onSelect?.(event);
    }
    render();
  }

  // Event rows are kept by id and rebuilt only when what they show changes, so a tap is never
  // lost to a re-render; countdowns tick in place.
  const rows = new Map();
  function render() {
    const now = serverNow();
    // Keep a selection on an open event.
    const current = selected();
    if (!current || phaseOf(current, now) !== 'open') {
      const open = events.find((event) => phaseOf(event, now) === 'open');
      if (open && open.id !== selectedId) {
        selectedId = open.id;
        ctx.fairness.showEvent(eventTitle(open), open.fairness?.serverSeedHash);
        game.onSelect?.(open);
      }
    }
    const nodes = events.map((event) => {
      const phase = phaseOf(event, now);
      const isSelected = event.id === selectedId;
      const signature = JSON.stringify([
        phase,
        isSelected,
        event.result ?? null,
        event.fairness?.serverSeed ?? null,
        game.signature ? game.signature(event) : null,
      ]);
      let row = rows.get(event.id);
      if (!row || row.signature !== signature) {
        const node = game.renderEvent(event, { selected: isSelected, phase, now, select });
        node.dataset.eventId = event.id;
        node.dataset.phase = phase;
        node.setAttribute('data-testid', 'event');
        node.classList.add('event', `phase-${phase}`);
        if (isSelected) node.classList.add('selected');
        if (row) row.node.replaceWith(node);
        row = { node, signature };
        rows.set(event.id, row);
      }
      const countdown = row.node.querySelector('[data-countdown]');
      if (countdown) countdown.textContent = statusText(event, phase, now);
      return row.node;
    });
    const ids = new Set(events.map((event) => event.id));
    for (const id of [...rows.keys()]) if (!ids.has(id)) rows.delete(id);
    const same =
      eventList.children.length === nodes.length &&
      nodes.every((node, i) => eventList.children[i] === node);
    if (!same) clear(eventList, nodes);
    game.renderStage?.(events, now);
  }

  function statusText(event, phase, now) {
    if (phase === 'open') {
      return t('closesIn', {
        s: Math.max(0, Math.ceil((Date.parse(event.closesAt) - now) / 1000)),
      });
    }
    if (game.statusText) return game.statusText(event, phase, now);
    return phase === 'done' ? t('finished') : phase === 'closed' ? t('closed') : t('drawing');
  }

  function eventTitle(event) {
    return game.eventTitle ? game.eventTitle(event) : event.id;
  }

  /** The API says pending or settled; the list says won or lost. */
  function shownStatus(bet) {
    if (bet.status !== 'settled') return bet.status;
    const payout = BigInt(bet.payoutMinor ?? '0');
    if (payout === 0n) return 'lost';
    return payout === BigInt(bet.stakeMinor) ? 'refunded' : 'won';
  }

  function renderBets() {
    if (bets.length === 0) {
      clear(betList, el('p', { class: 'muted small', text: t('noBets') }));
      return;
    }
    clear(
      betList,
      bets.map((bet) =>
        el(
          'div',
          {
            class: `bet-row status-${shownStatus(bet)}`,
            'data-testid': 'bet',
            'data-bet-id': bet.betId,
            'data-status': bet.status,
          },
          el('span', {
            class: 'bet-event',
            text: game.eventLabel ? game.eventLabel(bet.eventId) : bet.eventId,
          }),
          el('span', { class: 'bet-what', text: game.describeBet(bet) }),
          el('span', { class: 'bet-stake', text: money.format(bet.stakeMinor) }),
          el('span', { class: 'bet-status', text: t(`status_${shownStatus(bet)}`) }),
          el('span', {
            class: 'bet-payout',
            text:
              bet.payoutMinor !== null && bet.payoutMinor !== undefined
                ? money.format(bet.payoutMinor)
                : '',
          }),
        ),
      ),
    );
  }

  async function loadEvents() {
    try {
      const response = await api.get('/events');
      const all = [...(response.events ?? [])].sort(
        (a, b) => Date.parse(a.resultAt) - Date.parse(b.resultAt),
      );
      // Open events first (soonest first), then those waiting for a result, then results
      // (latest first).
      const now = serverNow();
      events = [
        ...all.filter((event) => phaseOf(event, now) === 'open'),
        ...all.filter((event) => ['closed', 'drawing'].includes(phaseOf(event, now))),
        ...all.filter((event) => phaseOf(event, now) === 'done').reverse(),
      ];
      const drawn = all.filter((event) => event.fairness?.serverSeed);
      const latest = drawn[drawn.length - 1];
      if (latest) {
        ctx.fairness.reveal(
          { ...latest.fairness, eventId: latest.id },
          t('eventSeed', { event: eventTitle(latest) }),
        );
      }
      const current = selected();
      if (current) {
        ctx.fairness.showEvent(eventTitle(current), current.fairness?.serverSeedHash);
      }
      render();
    } catch (error) {
      ctx.showError(error);
    }
  }

  async function loadBets() {
    try {
      const response = await api.get('/bets');
      bets = [...(response.bets ?? [])];
      const settled = [];
      for (const bet of bets) {
        const before = knownStatus.get(bet.betId);
        if (!firstBets && before === 'pending' && bet.status !== 'pending') settled.push(bet);
        knownStatus.set(bet.betId, bet.status);
      }
      firstBets = false;
      renderBets();
      if (settled.length > 0) {
        await ctx.refreshBalance();
        const paid = settled.reduce((sum, bet) => sum + BigInt(bet.payoutMinor ?? '0'), 0n);
        const [only] = settled;
        const text =
          settled.length === 1
            ? t('betSettled', {
                event: game.eventLabel ? game.eventLabel(only.eventId) : only.eventId,
                result:
                  paid > 0n
                    ? t('win', { amount: money.format(paid) })
                    : t(`status_${shownStatus(only)}`),
              })
            : t('betsSettled', { n: settled.length, amount: money.format(paid) });
        ctx.setOutcome(text, paid > 0n ? 'win' : 'lose');
      }
    } catch (error) {
      ctx.showError(error);
    }
  }

  ctx.playButton.addEventListener('click', async () => {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    const event = selected();
    if (!event || phaseOf(event, serverNow()) !== 'open') {
      ctx.showError('betting_closed');
      return;
    }
    const stake = ctx.readStake(game.betLimits());
    if (stake === null) return;
    const params = game.paramsFor(stake, event);
    if (!params) return;
    ctx.setBusy(true);
    ctx.setOutcome('', 'pending');
    try {
      const response = await api.post('/bets', { params });
      ctx.setBalance(response.balanceMinor);
      knownStatus.set(response.betId, response.status ?? 'pending');
      ctx.setOutcome(
        t('betPlaced', {
          what: game.describeBet({ eventId: event.id, params }),
          amount: money.format(response.stakeMinor),
        }),
        'placed',
      );
      await loadBets();
    } catch (error) {
      ctx.showError(error);
      ctx.setOutcome('', 'idle');
    } finally {
      ctx.setBusy(false);
    }
  });

  loadEvents();
  loadBets();
  setInterval(loadEvents, EVENTS_EVERY_MS);
  setInterval(loadBets, BETS_EVERY_MS);
  setInterval(render, 1000);

  return {
    selected,
    select,
    render,
    events: () => events,
    phaseOf,
  };
}
