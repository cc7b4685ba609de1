// Entry of the game pages. The HTML shell carries
// <script type="application/json" id="play-config">{sessionId, lang, kind, gameCode, platformId,
// gameName, returnUrl}</script>; this module builds the common frame (balance, stake, the play
// button, outcome, errors, the provably fair panel, rules) and hands it to the game's module.
//
// Stable hooks for browser tests (id and data-testid): balance (data-minor holds minor units),
// stake, play, outcome (data-state: idle, pending, win, lose, push, placed), error,
// server-seed-hash, revealed-seed, client-seed, seed-check, exit; scheduled games add
// event-list and bet-list.

import { ApiError, createApi } from './api.js';
import { randomClientSeed, seedMatches } from './fair.js';
import { localized, setLang, t } from './i18n.js';
import { chipValues, clear, createMoney, el, errorText, percent } from './ui.js';

const MODULES = {
  slot: './slot.js',
  roulette: './roulette.js',
  baccarat: './baccarat.js',
  niuniu: './niuniu.js',
  fish: './fish.js',
  lottery: './lottery.js',
  sports: './sports.js',
  esports: './sports.js',
};

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

function readConfig() {
  const node = document.getElementById('play-config');
  try {
    return JSON.parse(node?.textContent ?? '{}');
  } catch {
    return {};
  }
}

function rootElement() {
  let root = document.getElementById('app') ?? document.getElementById('game-root');
  if (!root) {
    root = el('div', { id: 'game-root' });
    document.body.append(root);
  }
  root.classList.add('play-root');
  return root;
}

function fatal(root, message, returnUrl) {
  clear(
    root,
    el(
      'div',
      { class: 'fatal' },
      el('p', {
        id: 'error',
        'data-testid': 'error',
        class: 'error',
        role: 'alert',
        text: message,
      }),
      returnUrl
        ? el('a', {
            class: 'exit',
            href: returnUrl,
            target: '_top',
            'data-testid': 'exit',
            text: t('exit'),
          })
        : null,
    ),
  );
}

async function start() {
  const cfg = readConfig();
  setLang(cfg.lang);
  const root = rootElement();
  clear(root, el('p', { class: 'loading', text: t('loading') }));
  if (!cfg.sessionId) {
    fatal(root, t('err_session_expired'), cfg.returnUrl);
    return;
  }
  const api = createApi(cfg.sessionId);
  let state;
  try {
    state = await api.get('/state');
  } catch (error) {
    fatal(root, errorText(error), cfg.returnUrl);
    return;
  }
  const kind = state.game?.kind ?? cfg.kind;
  const modulePath = MODULES[kind];
  if (!modulePath) {
    fatal(root, t('err_not_found'), cfg.returnUrl);
    return;
  }
  const ctx = buildFrame(root, cfg, state, api, kind);
  try {
    const module = await import(modulePath);
    await module.mount(ctx);
  } catch (error) {
    console.error(error);
    ctx.showError(error instanceof ApiError ? error : 'internal');
  }
}

function buildFrame(root, cfg, state, api, kind) {
  const money = createMoney(state.currency ?? 'CNY');
  const gameName =
    cfg.gameName || (state.game?.name ? localized(state.game.name) : '') || cfg.gameCode || kind;
  root.dataset.kind = kind;
  root.dataset.theme = cfg.gameCode ?? state.game?.code ?? '';
  document.title = gameName;

  // Header: exit, name, balance.
  const balance = el('strong', { id: 'balance', 'data-testid': 'balance', class: 'balance' });
  const header = el(
    'header',
    { class: 'topbar' },
    cfg.returnUrl
      ? el('a', {
          class: 'exit',
          id: 'exit',
          href: cfg.returnUrl,
          target: '_top',
          'data-testid': 'exit',
          text: `‹ ${t('exit')}`,
        })
      : el('span', { class: 'exit-space' }),
    el('h1', { class: 'title', text: gameName }),
    el(
      'div',
      { class: 'wallet' },
      el('span', { class: 'label', text: t('balance') }),
      balance,
      el('span', { class: 'currency', text: money.currency }),
    ),
  );

  // Main column.
  const stage = el('section', { class: 'stage', id: 'stage' });
  const outcome = el('div', {
    id: 'outcome',
    'data-testid': 'outcome',
    class: 'outcome',
    'aria-live': 'polite',
    'data-state': 'idle',
  });
  const error = el('div', {
    id: 'error',
    'data-testid': 'error',
    class: 'error',
    role: 'alert',
    hidden: true,
  });
  const gameControls = el('div', { class: 'game-controls' });
  const stakeInput = el('input', {
    id: 'stake',
    'data-testid': 'stake',
    class: 'stake-input',
    inputmode: 'decimal',
    autocomplete: 'off',
    'aria-label': t('stake'),
  });
  const stakeLabel = el('label', { for: 'stake', class: 'stake-label', text: t('stake') });
  const chips = el('div', { class: 'chips' });
  const playButton = el('button', {
    id: 'play',
    'data-testid': 'play',
    class: 'play',
    type: 'button',
  });
  const controls = el(
    'section',
    { class: 'controls' },
    gameControls,
    el(
      'div',
      { class: 'stake-row' },
      el('div', { class: 'stake-field' }, stakeLabel, stakeInput),
      chips,
    ),
    playButton,
  );
  const extra = el('section', { class: 'extra' });
  const main = el('main', { class: 'main' }, stage, outcome, error, controls, extra);

  // Side column: fairness and rules.
  const fair = buildFairness(api, kind, state.fairness, () => busy);
  const rulesBody = el('div', { class: 'rules-body' });
  const rules = el(
    'details',
    { class: 'panel rules', 'data-testid': 'rules' },
    el('summary', { text: t('rules') }),
    rulesBody,
  );
  if (typeof matchMedia === 'function' && matchMedia('(min-width: 900px)').matches) {
    rules.open = true;
  }
  const side = el('aside', { class: 'side' }, fair.panel, rules);

  clear(root, header, el('div', { class: 'layout' }, main, side));

  let balanceMinor = BigInt(state.balanceMinor ?? '0');
  function setBalance(minor) {
    balanceMinor = BigInt(minor);
    balance.textContent = money.format(balanceMinor);
    balance.dataset.minor = balanceMinor.toString();
  }
  setBalance(balanceMinor);

  function showError(err, vars) {
    if (!err) {
      error.hidden = true;
      error.textContent = '';
      return;
    }
    const code = typeof err === 'string' ? err : (err.reason ?? err.code ?? 'internal');
    const values = { ...limitVars(), ...vars };
    let text = errorText(err, values);
    if ((code === 'stake_below_min' || code === 'stake_above_max') && values.min) {
      text += ` ${t('limits', values)}`;
    }
    error.textContent = text;
    error.dataset.code = code;
    error.hidden = false;
  }

  function setOutcome(content, stateName = 'idle') {
    if (content instanceof Node) clear(outcome, content);
    else outcome.textContent = content ?? '';
    outcome.dataset.state = stateName;
  }

  let limits = null;
  /** Sets the stake limits used by the input check and the quick chips. */
  function setStakeLimits(next, defaultMinor) {
    limits = next;
    clear(
      chips,
      chipValues(next, money).map((value) =>
        el('button', {
          type: 'button',
          class: 'chip',
          'data-testid': `chip-${value}`,
          text: money.format(value),
          onclick: () => {
            stakeInput.value = money.input(value);
            stakeInput.dispatchEvent(new Event('input'));
          },
        }),
      ),
    );
    if (!stakeInput.value) stakeInput.value = money.input(defaultMinor ?? next?.minMinor ?? 100);
  }

  /** The stake typed in, checked against the limits; null (and an error shown) when invalid. */
  function readStake(checkLimits = limits) {
    const minor = money.parse(stakeInput.value);
    if (minor === null || minor <= 0n) {
      showError('amount');
      stakeInput.focus();
      return null;
    }
    if (checkLimits) {
      const vars = limitVars(checkLimits);
      if (minor < BigInt(checkLimits.minMinor)) return refuse('stake_below_min', vars);
      if (minor > BigInt(checkLimits.maxMinor)) return refuse('stake_above_max', vars);
      if (minor % BigInt(checkLimits.stepMinor ?? '1') !== 0n) {
        return refuse('stake_not_multiple', vars);
      }
    }
    return minor;
  }
  function refuse(code, vars) {
    showError(code, vars);
    return null;
  }
  function limitVars(of = limits) {
    return of
      ? {
          min: money.format(of.minMinor),
          max: money.format(of.maxMinor),
          step: money.format(of.stepMinor ?? '1'),
        }
      : {};
  }

  let busy = false;
  /**
   * Plays one instant round: posts it, animates the outcome, then shows the balance, the result
   * and the revealed seed. Answers the response, or null after showing the error.
   */
  async function playRound(params, hooks = {}) {
    if (busy) return null;
    busy = true;
    showError(null);
    playButton.disabled = true;
    setOutcome('', 'pending');
    try {
      const response = await api.post('/round', { params });
      setBalance(balanceMinor - BigInt(response.stakeMinor));
      if (hooks.animate) await hooks.animate(response.outcome, response);
      setBalance(response.balanceMinor);
      fair.reveal(response.fairness);
      fair.setNext(response.next);
      const summary = hooks.summarize ? hooks.summarize(response) : defaultSummary(response);
      setOutcome(summary.text, summary.state);
      return response;
    } catch (err) {
      if (hooks.onError) hooks.onError(err);
      showError(err);
      setOutcome('', 'idle');
      return null;
    } finally {
      busy = false;
      playButton.disabled = false;
    }
  }

  function defaultSummary(response) {
    const payout = BigInt(response.payoutMinor);
    if (payout === 0n) return { text: t('noWin'), state: 'lose' };
    return { text: t('win', { amount: money.format(payout) }), state: 'win' };
  }

  /** Re-reads the balance (scheduled games: after a bet settles). */
  async function refreshBalance() {
    try {
      const fresh = await api.get('/state');
      setBalance(fresh.balanceMinor);
    } catch {
      // The next poll tries again.
    }
  }

  function rulesText(...lines) {
    clear(rulesBody, ...lines);
  }

  return {
    cfg,
    state,
    rules: state.rules ?? {},
    kind,
    api,
    t,
    money,
    stage,
    gameControls,
    extra,
    controls,
    stakeInput,
    stakeLabel,
    playButton,
    rulesBody,
    fairness: fair,
    setBalance,
    balanceMinor: () => balanceMinor,
    refreshBalance,
    showError,
    setOutcome,
    setStakeLimits,
    readStake,
    playRound,
    rulesText,
    limitVars,
    isBusy: () => busy,
    setBusy: (value) => {
      busy = value;
      playButton.disabled = value;
    },
    percent,
  };
}

/**
 * The provably fair panel. Instant games: the next round's seed hash, the client seed (editable)
 * and nonce, then the revealed seed of the last round checked against its hash. Scheduled games:
 * the selected event's hash and the latest drawn event's seed.
 */
function buildFairness(api, kind, initial, isBusy) {
  const scheduled = kind === 'lottery' || kind === 'sports' || kind === 'esports';
  const hash = el('code', {
    id: 'server-seed-hash',
    'data-testid': 'server-seed-hash',
    class: 'hash',
  });
  const hashLabel = el('dt', { text: t('nextHash') });
  const revealed = el('code', {
    id: 'revealed-seed',
    'data-testid': 'revealed-seed',
    class: 'hash',
  });
  const revealedLabel = el('dt', { text: t('revealedSeed') });
  const revealedHash = el('code', { id: 'revealed-hash', class: 'hash' });
  const revealedInputs = el('dd', { id: 'revealed-inputs', class: 'muted' });
  const inputsLabel = el('dt', {
    text: scheduled ? t('event') : `${t('clientSeed')} / ${t('nonce')}`,
  });
  const check = el('p', { id: 'seed-check', 'data-testid': 'seed-check', class: 'seed-check' });
  const placeholder = el('p', {
    class: 'muted',
    text: scheduled ? t('noResultYet') : t('noRoundYet'),
  });
  const nonce = el('dd', { id: 'nonce', 'data-testid': 'nonce' });
  const seedInput = el('input', {
    id: 'client-seed',
    'data-testid': 'client-seed',
    class: 'seed-input',
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-label': t('clientSeed'),
  });
  const seedNote = el('span', { class: 'seed-note muted', 'aria-live': 'polite' });
  const saveSeed = el('button', {
    type: 'button',
    class: 'small-button',
    'data-testid': 'client-seed-save',
    text: t('changeSeed'),
  });
  const randomSeed = el('button', {
    type: 'button',
    class: 'small-button ghost',
    text: t('randomSeed'),
    onclick: () => {
      seedInput.value = randomClientSeed();
    },
  });
  saveSeed.addEventListener('click', async () => {
    const clientSeed = seedInput.value.trim();
    if (!CLIENT_SEED.test(clientSeed)) {
      seedNote.textContent = t('err_client_seed');
      seedNote.classList.add('bad');
      return;
    }
    if (isBusy()) return;
    saveSeed.disabled = true;
    try {
      const response = await api.post('/seed', { clientSeed });
      setNext(response.fairness ?? { clientSeed });
      seedNote.textContent = t('seedSaved');
      seedNote.classList.remove('bad');
    } catch (error) {
      seedNote.textContent = errorText(error);
      seedNote.classList.add('bad');
    } finally {
      saveSeed.disabled = false;
    }
  });

  const lastRound = el(
    'dl',
    { class: 'fair-list', hidden: true },
    revealedLabel,
    el('dd', {}, revealed),
    el('dt', { text: t('hashShown') }),
    el('dd', {}, revealedHash),
    inputsLabel,
    revealedInputs,
  );

  const panel = el(
    'section',
    { class: 'panel fair', 'data-testid': 'fairness' },
    el('h2', { text: t('fairTitle') }),
    el('p', { class: 'muted small', text: t('fairIntro') }),
    el(
      'dl',
      { class: 'fair-list' },
      hashLabel,
      el('dd', {}, hash),
      scheduled ? null : el('dt', { text: t('clientSeed') }),
      scheduled ? null : el('dd', { class: 'seed-row' }, seedInput, saveSeed, randomSeed, seedNote),
      scheduled ? null : el('dt', { text: t('nonce') }),
      scheduled ? null : nonce,
    ),
    el('h3', {
      text: kind === 'lottery' ? t('latestDraw') : scheduled ? t('latestResult') : t('lastRound'),
    }),
    placeholder,
    lastRound,
    check,
  );

  function setNext(next) {
    if (!next) return;
    if (next.serverSeedHash) hash.textContent = next.serverSeedHash;
    if (next.nonce !== undefined && next.nonce !== null) nonce.textContent = String(next.nonce);
    if (typeof next.clientSeed === 'string' && document.activeElement !== seedInput) {
      seedInput.value = next.clientSeed;
    }
  }

  function reveal(fairness, label) {
    if (!fairness?.serverSeed) return;
    placeholder.hidden = true;
    lastRound.hidden = false;
    if (label) revealedLabel.textContent = label;
    revealed.textContent = fairness.serverSeed;
    revealedHash.textContent = fairness.serverSeedHash ?? '';
    revealedInputs.textContent =
      fairness.clientSeed !== undefined
        ? `${fairness.clientSeed} / ${fairness.nonce ?? ''}`
        : (fairness.eventId ?? '');
    const ok = seedMatches(fairness.serverSeed, fairness.serverSeedHash);
    check.textContent = ok ? t('verified') : t('notVerified');
    check.className = `seed-check ${ok ? 'ok' : 'bad'}`;
  }

  /** Scheduled games: the hash of the event the member is looking at. */
  function showEvent(eventId, serverSeedHash) {
    hashLabel.textContent = t('eventHash', { event: eventId });
    hash.textContent = serverSeedHash ?? '';
  }

  setNext(initial);
  return { panel, setNext, reveal, showEvent };
}

start();
