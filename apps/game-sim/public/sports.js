// Sports (1X2) and esports (match winner): fixtures every 2 minutes with odds; tap a price to
// put it on the slip, Place bet stakes it. Results come a minute after kick-off.

import { localized } from './i18n.js';
import { clear, clock, el, percent } from './ui.js';
import { scheduledGame } from './scheduled.js';

export function mount(ctx) {
  const { rules, money, t } = ctx;
  const esports = ctx.kind === 'esports';
  const picks = rules.picks ?? (esports ? ['home', 'away'] : ['home', 'draw', 'away']);
  let slip = null; // {eventId, pick}

  ctx.setStakeLimits(rules.limits, rules.defaultStakeMinor);

  const eventsById = new Map();
  const teamName = (details, pick) =>
    pick === 'draw' ? t('drawPick') : localized(details?.[pick]?.name) || t(pick);
  const oddsText = (hundredths) => (hundredths / 100).toFixed(2);

  const slipText = el('p', { class: 'slip', 'data-testid': 'bet-slip' });
  const returnText = el('p', { class: 'small muted', 'data-testid': 'potential-return' });
  clear(ctx.gameControls, slipText, returnText);
  const banner = el('div', { class: 'sports-banner' });
  clear(ctx.stage, banner);

  function updateSlip() {
    const event = slip ? eventsById.get(slip.eventId) : null;
    if (!event) {
      slipText.textContent = '';
      returnText.textContent = '';
      return;
    }
    const odds = event.details.odds[slip.pick];
    slipText.textContent = `${teamName(event.details, 'home')} – ${teamName(event.details, 'away')}: ${t(
      'pickOf',
      {
        team: teamName(event.details, slip.pick),
        odds: oddsText(odds),
      },
    )}`;
    const stake = money.parse(ctx.stakeInput.value);
    returnText.textContent =
      stake && odds ? t('toReturn', { amount: money.format((stake * BigInt(odds)) / 100n) }) : '';
  }
  ctx.stakeInput.addEventListener('input', updateSlip);

  function choose(event, pick) {
    slip = { eventId: event.id, pick };
    game.select(event.id);
    updateSlip();
  }

  const game = scheduledGame(ctx, {
    betLimits: () => rules.limits,
    eventLabel: (id) => {
      const details = eventsById.get(id)?.details;
      return details ? `${localized(details.home.name)} – ${localized(details.away.name)}` : id;
    },
    signature: (event) => (slip?.eventId === event.id ? slip.pick : null),
    onSelect(event) {
      if (!slip || slip.eventId !== event.id) slip = { eventId: event.id, pick: 'home' };
      updateSlip();
    },
    paramsFor(stake, event) {
      const pick = slip?.eventId === event.id ? slip.pick : 'home';
      return { eventId: event.id, pick, amountMinor: stake.toString() };
    },
    describeBet: (bet) => {
      const details = eventsById.get(bet.eventId)?.details;
      const pick = bet.params?.pick;
      const odds = details?.odds?.[pick];
      return details
        ? t('pickOf', { team: teamName(details, pick), odds: odds ? oddsText(odds) : '' })
        : pick;
    },
    renderEvent(event, { phase }) {
      eventsById.set(event.id, event);
      const details = event.details;
      const result = event.result;
      const head = el(
        'div',
        { class: 'fixture-head' },
        el('span', { class: 'league', text: localized(details.league) }),
        el('span', {
          class: 'kickoff',
          text: t(esports ? 'starts' : 'kickoff', { time: clock(details.kickoffAt) }),
        }),
        el('span', { class: 'event-status', 'data-countdown': true }),
      );
      const teams = el(
        'div',
        { class: 'fixture-teams' },
        el('span', { class: 'team', text: localized(details.home.name) }),
        el('span', {
          class: 'score',
          'data-testid': 'score',
          text: result ? t('score', { a: result.score[0], b: result.score[1] }) : 'vs',
        }),
        el('span', { class: 'team', text: localized(details.away.name) }),
      );
      const prices = el(
        'div',
        { class: `prices prices-${picks.length}` },
        picks.map((pick) => {
          const chosen = slip?.eventId === event.id && slip.pick === pick;
          const won = result && result.outcome === pick;
          return el(
            'button',
            {
              type: 'button',
              class: `price${chosen ? ' chosen' : ''}${won ? ' won' : ''}`,
              'data-testid': `odds-${pick}`,
              'data-pick': pick,
              'aria-pressed': String(chosen),
              disabled: phase !== 'open',
              onclick: () => choose(event, pick),
            },
            el('span', {
              class: 'price-label',
              text: pick === 'draw' ? t('drawPick') : pick === 'home' ? '1' : '2',
            }),
            el('strong', { text: details.odds[pick] ? oddsText(details.odds[pick]) : '–' }),
          );
        }),
      );
      return el('div', { class: 'event-row fixture' }, head, teams, prices);
    },
    statusText: (event, phase) =>
      phase === 'closed' || phase === 'drawing'
        ? t('inPlay')
        : phase === 'done'
          ? t('finished')
          : '',
    renderStage(events, now) {
      for (const event of events) eventsById.set(event.id, event);
      const open = events.filter((event) => now < Date.parse(event.closesAt)).length;
      banner.textContent = `${localized(events[0]?.details?.league)} · ${open} ${t('events')}`;
      updateSlip();
    },
  });

  ctx.rulesText(
    el('p', { text: t(esports ? 'esportsRule' : 'sportsRule') }),
    rules.rtp
      ? el('p', { class: 'small muted', text: t('rtp', { value: percent(rules.rtp, 1) }) })
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
