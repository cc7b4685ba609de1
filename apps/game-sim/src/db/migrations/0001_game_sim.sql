-- The game provider simulator's tables. Money is bigint minor units of the player's currency.
-- Statements are separated by statement breakpoints (drizzle's migrator runs them one by one).

create schema if not exists game_sim;
--> statement-breakpoint

-- A player at one platform. Transfer-wallet platforms hold the balance here; seamless platforms
-- hold nothing and keep only the last balance Lobby reported, for the play screen.
create table game_sim.players (
  platform_id integer not null,
  player text not null,
  currency text not null,
  balance_minor bigint not null default 0 check (balance_minor >= 0),
  last_known_balance_minor bigint,
  -- A fish session is open (the player is in a round) until this time; each shot extends it.
  round_open_until timestamptz,
  created_at timestamptz not null,
  primary key (platform_id, player)
);
--> statement-breakpoint

-- Lobby's transfer orders, keyed by its order id: the first outcome is the answer to every
-- repeat. 'dropped' marks an order the simulator lost on purpose (a fault that was not
-- applied): it answers not_found forever.
create table game_sim.transfers (
  platform_id integer not null,
  order_id text not null,
  player text not null,
  operation text not null check (operation in ('transfer', 'withdraw_all')),
  direction text not null check (direction in ('in', 'out')),
  -- The requested amount of a transfer; what left the platform for a withdraw-all.
  amount_minor bigint not null,
  -- The request in canonical form: the same order id with another request is a conflict.
  request_key text not null,
  status text not null check (status in ('success', 'failed', 'dropped')),
  reason text,
  dropped_fault text check (dropped_fault in ('timeout', 'error')),
  balance_after_minor bigint not null,
  created_at timestamptz not null,
  primary key (platform_id, order_id)
);
--> statement-breakpoint

-- How many times each call key was seen per operation: the attempt number of fault decisions.
create table game_sim.fault_attempts (
  platform_id integer not null,
  operation text not null,
  call_key text not null,
  attempts integer not null,
  primary key (platform_id, operation, call_key)
);
--> statement-breakpoint

-- One-time launch tokens (SHA-256 of the token; the token itself is only in the URL).
create table game_sim.launch_tokens (
  token_hash text primary key,
  platform_id integer not null,
  player text not null,
  game_code text not null,
  lang text not null,
  return_url text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
--> statement-breakpoint
create index launch_tokens_expiry on game_sim.launch_tokens (expires_at);
--> statement-breakpoint

-- Play sessions of the browser pages (SHA-256 of the session id).
create table game_sim.play_sessions (
  session_hash text primary key,
  platform_id integer not null,
  player text not null,
  game_code text not null,
  lang text not null,
  return_url text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
--> statement-breakpoint
create index play_sessions_expiry on game_sim.play_sessions (expires_at);
--> statement-breakpoint

-- The provably fair state of a player at a platform: the unrevealed server seed of the next
-- round, the player's client seed and the nonce.
create table game_sim.fairness (
  platform_id integer not null,
  player text not null,
  server_seed text not null,
  client_seed text not null,
  nonce integer not null,
  primary key (platform_id, player)
);
--> statement-breakpoint

-- Rounds of instant games. Seamless rounds start 'debiting' until Lobby answers the debit.
create table game_sim.rounds (
  round_id text primary key,
  platform_id integer not null,
  player text not null,
  game_code text not null,
  wallet_type smallint not null,
  params jsonb not null,
  state text not null check (state in ('debiting', 'settled', 'refused', 'rolled_back')),
  stake_minor bigint not null,
  payout_minor bigint,
  valid_bet_minor bigint,
  outcome jsonb,
  server_seed text,
  server_seed_hash text,
  client_seed text,
  nonce integer,
  created_at timestamptz not null,
  settled_at timestamptz
);
--> statement-breakpoint
create index rounds_debiting on game_sim.rounds (created_at) where state = 'debiting';
--> statement-breakpoint

-- Events of scheduled games (lottery draws, matches) once seen, each with its own server seed,
-- revealed with the result.
create table game_sim.scheduled_events (
  platform_id integer not null,
  game_code text not null,
  event_id text not null,
  closes_at timestamptz not null,
  result_at timestamptz not null,
  details jsonb not null,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  nonce integer not null,
  result jsonb,
  resolved_at timestamptz,
  primary key (platform_id, game_code, event_id)
);
--> statement-breakpoint
create index scheduled_events_due on game_sim.scheduled_events (result_at)
  where resolved_at is null;
--> statement-breakpoint

-- Bets on scheduled events, pending until their event is resolved.
create table game_sim.event_bets (
  bet_id text primary key,
  platform_id integer not null,
  player text not null,
  game_code text not null,
  event_id text not null,
  wallet_type smallint not null,
  params jsonb not null,
  stake_minor bigint not null,
  state text not null check (state in ('debiting', 'pending', 'settled', 'refused', 'rolled_back')),
  payout_minor bigint,
  valid_bet_minor bigint,
  placed_at timestamptz not null,
  settled_at timestamptz
);
--> statement-breakpoint
create index event_bets_pending on game_sim.event_bets (platform_id, game_code, event_id)
  where state = 'pending';
--> statement-breakpoint
create index event_bets_player on game_sim.event_bets (platform_id, player, game_code, placed_at);
--> statement-breakpoint
create index event_bets_debiting on game_sim.event_bets (placed_at) where state = 'debiting';
--> statement-breakpoint

-- Settled rounds as the platform reports them to Lobby (GET /bets).
create table game_sim.bet_records (
  platform_id integer not null,
  round_id text not null,
  player text not null,
  game_code text not null,
  category smallint not null,
  bet_minor bigint not null,
  valid_bet_minor bigint not null,
  payout_minor bigint not null,
  placed_at timestamptz not null,
  settled_at timestamptz not null,
  primary key (platform_id, round_id)
);
--> statement-breakpoint
create index bet_records_window on game_sim.bet_records (platform_id, settled_at, round_id);
--> statement-breakpoint

-- Seamless callbacks to Lobby, kept until Lobby gives a final answer (200 or 4xx). copy_number
-- 1 is the duplicate a fault sends after the original.
create table game_sim.callback_outbox (
  id bigint generated always as identity primary key,
  platform_id integer not null,
  operation text not null check (operation in ('debit', 'credit', 'rollback')),
  transaction_id text not null,
  round_id text not null,
  copy_number smallint not null default 0,
  body text not null,
  state text not null check (state in ('pending', 'ok', 'refused')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_http_status integer,
  last_error text,
  answer jsonb,
  created_at timestamptz not null,
  finished_at timestamptz,
  unique (platform_id, transaction_id, copy_number)
);
--> statement-breakpoint
create index callback_outbox_due on game_sim.callback_outbox (next_attempt_at, id)
  where state = 'pending';
