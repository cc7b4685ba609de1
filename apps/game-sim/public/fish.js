// Fish shooting: fish swim across the sea; tap one (or pick it below) to aim, Shoot fires one
// bullet of the stake. The page enters the fish room when it opens and leaves it when it closes,
// so the platform knows a round is in progress meanwhile.

import { clear, el, pause, percent } from './ui.js';

const COLORS = {
  clownfish: ['#ff8a3d', '#fff3e6'],
  pufferfish: ['#f2d14b', '#7a5c14'],
  turtle: ['#4caf7a', '#1f5d3c'],
  lionfish: ['#e0524f', '#fbe3d7'],
  octopus: ['#b04cc8', '#f1d4f8'],
  stingray: ['#5b7fa8', '#d5e4f3'],
  shark: ['#8a99ad', '#eef3f9'],
  whale: ['#3b6fd8', '#d9e6ff'],
  dragon: ['#f4c542', '#b3261e'],
};

export function mount(ctx) {
  const { rules, money, t, api } = ctx;
  const types = rules.fish ?? [];
  let target = types[0]?.id ?? 'clownfish';

  ctx.playButton.textContent = t('shoot');
  ctx.stakeLabel.textContent = t('bullet');
  ctx.setStakeLimits(rules.limits, rules.defaultStakeMinor);

  // The room: enter now, leave when the page goes away (keepalive lets it finish).
  let inside = false;
  async function enter() {
    try {
      await api.post('/fish/enter', {});
      inside = true;
    } catch (error) {
      ctx.showError(error);
    }
  }
  function leave() {
    if (!inside) return;
    inside = false;
    api.post('/fish/leave', {}, { keepalive: true }).catch(() => {});
  }
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) enter();
  });
  document.getElementById('exit')?.addEventListener('click', leave);
  enter();

  // The sea.
  const sea = el('div', { class: 'sea', 'data-testid': 'sea' });
  const cannon = el('div', { class: 'cannon' }, el('div', { class: 'barrel' }));
  const fishNodes = new Map();
  types.forEach((fish, i) => {
    const [body, fin] = COLORS[fish.id] ?? ['#9bc', '#def'];
    const size = 26 + Math.round(Math.log2(fish.multiplier) * 9);
    const lane = 6 + ((i * 37) % 64);
    const duration = 9 + ((i * 5) % 9) + fish.multiplier / 40;
    const node = el(
      'button',
      {
        type: 'button',
        class: `fish fish-${fish.id}`,
        'data-testid': `fish-${fish.id}`,
        'aria-label': `${t(`fish_${fish.id}`)} ×${fish.multiplier}`,
        style: `--body:${body};--fin:${fin};--size:${size}px;top:${lane}%;animation-duration:${duration}s;animation-delay:-${(i * 2.3) % duration}s`,
        onclick: () => aim(fish.id),
      },
      el('span', { class: 'fish-body' }, el('span', { class: 'fish-eye' })),
      el('span', { class: 'fish-tag', text: `×${fish.multiplier}` }),
    );
    fishNodes.set(fish.id, node);
    sea.append(node);
  });
  const bullet = el('div', { class: 'bullet', hidden: true });
  const net = el('div', { class: 'net', hidden: true });
  const pop = el('div', { class: 'coin-pop', hidden: true });
  sea.append(bullet, net, pop, cannon);

  const targetLabel = el('p', { class: 'target-label', 'data-testid': 'target' });
  const picker = el(
    'div',
    { class: 'fish-picker', role: 'group' },
    types.map((fish) =>
      el(
        'button',
        {
          type: 'button',
          class: 'fish-pick',
          'data-testid': `target-${fish.id}`,
          'data-fish': fish.id,
          'aria-pressed': String(fish.id === target),
          onclick: () => aim(fish.id),
        },
        el('span', { class: 'pick-name', text: t(`fish_${fish.id}`) }),
        el('span', { class: 'pick-mult', text: `×${fish.multiplier}` }),
        el('span', {
          class: 'pick-chance',
          text: t('hitChance', { p: percent(fish.hitChance, fish.hitChance < 0.01 ? 2 : 1) }),
        }),
      ),
    ),
  );
  clear(ctx.stage, sea, targetLabel);
  clear(ctx.gameControls, picker);

  function aim(id) {
    target = id;
    const fish = types.find((f) => f.id === id);
    targetLabel.textContent = t('target', { fish: t(`fish_${id}`), m: fish?.multiplier ?? '' });
    for (const button of picker.querySelectorAll('.fish-pick')) {
      button.setAttribute('aria-pressed', String(button.dataset.fish === id));
    }
    for (const [fishId, node] of fishNodes) node.classList.toggle('targeted', fishId === id);
  }
  aim(target);

  async function fire(outcome) {
    const node = fishNodes.get(outcome.fish);
    const seaBox = sea.getBoundingClientRect();
    const fishBox = node?.getBoundingClientRect() ?? seaBox;
    const x = fishBox.left + fishBox.width / 2 - seaBox.left;
    const y = fishBox.top + fishBox.height / 2 - seaBox.top;
    const startX = seaBox.width / 2;
    const startY = seaBox.height - 24;
    const angle = Math.atan2(x - startX, startY - y);
    cannon.style.setProperty('--aim', `${angle}rad`);
    bullet.hidden = false;
    bullet.style.transition = 'none';
    bullet.style.transform = `translate(${startX}px, ${startY}px)`;
    bullet.getBoundingClientRect();
    bullet.style.transition = '';
    bullet.style.transform = `translate(${x}px, ${y}px)`;
    await pause(380);
    bullet.hidden = true;
    net.hidden = false;
    net.style.transform = `translate(${x}px, ${y}px)`;
    net.className = `net ${outcome.hit ? 'hit' : 'miss'}`;
    if (outcome.hit) {
      node?.classList.add('caught');
      pop.hidden = false;
      pop.textContent = `+${money.format(outcome.payoutMinor)}`;
      pop.style.transform = `translate(${x}px, ${y}px)`;
      pop.className = 'coin-pop show';
    }
    await pause(650);
    net.hidden = true;
    node?.classList.remove('caught');
    setTimeout(() => {
      pop.hidden = true;
      pop.className = 'coin-pop';
    }, 600);
  }

  ctx.playButton.addEventListener('click', async () => {
    if (ctx.isBusy()) return;
    ctx.showError(null);
    const stake = ctx.readStake();
    if (stake === null) return;
    const params = { bulletMinor: stake.toString(), fish: target };
    const hooks = {
      animate: fire,
      summarize: (response) => {
        const o = response.outcome;
        const name = t(`fish_${o.fish}`);
        return o.hit
          ? {
              text: t('caught', { fish: name, amount: money.format(response.payoutMinor) }),
              state: 'win',
            }
          : { text: t('missed', { fish: name }), state: 'lose' };
      },
    };
    const response = await ctx.playRound(params, hooks);
    // Back from a pause the room may have been left: enter again and retry once.
    if (!response && !inside) {
      await enter();
      if (inside) await ctx.playRound(params, hooks);
    }
  });

  ctx.rulesText(
    el('p', { text: t('fishRule') }),
    el(
      'table',
      { class: 'paytable' },
      el(
        'tbody',
        {},
        types.map((fish) =>
          el(
            'tr',
            {},
            el('td', { text: t(`fish_${fish.id}`) }),
            el('td', { text: `×${fish.multiplier}` }),
            el('td', { text: percent(fish.hitChance, 3) }),
          ),
        ),
      ),
    ),
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
