import { describe, expect, it } from 'vitest';
import { DEV_PROVIDER_SECRET } from '@lobby/game-protocol';
import { ConfigError, loadConfig, sideBySideEnvironment } from './config.ts';

describe('settings', () => {
  it('have defaults that run on a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      environment: 'development',
      host: '127.0.0.1',
      port: 4100,
      publicUrl: 'http://localhost:4100',
      databaseUrl: undefined,
      secret: DEV_PROVIDER_SECRET,
      lobbyUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
    });
    expect(config.embeddedDataDir.endsWith('/data/game-sim')).toBe(true);
    expect(config.faults.timeoutRate).toBe(0);
  });

  it('read every variable', () => {
    const config = loadConfig({
      GAME_SIM_PORT: '4200',
      GAME_SIM_HOST: '0.0.0.0',
      GAME_SIM_PUBLIC_URL: 'https://games.example.com/',
      GAME_SIM_DATABASE_URL: 'postgres://sim@db/sim',
      DATA_DIR: '/var/lobby',
      GAME_PROVIDER_SECRET: 'a-long-operator-secret',
      LOBBY_CALLBACK_URL: 'http://lobby:3000/',
      GAME_SIM_FAULTS: JSON.stringify({ seed: 'x', timeoutRate: 0.1 }),
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 4200,
      host: '0.0.0.0',
      publicUrl: 'https://games.example.com',
      databaseUrl: 'postgres://sim@db/sim',
      embeddedDataDir: '/var/lobby/game-sim',
      secret: 'a-long-operator-secret',
      lobbyUrl: 'http://lobby:3000',
      logLevel: 'warn',
    });
    expect(config.faults).toMatchObject({ seed: 'x', timeoutRate: 0.1, timeoutAppliedRate: 0.5 });
  });

  it('hand out game pages on their own port when only the port is set', () => {
    expect(loadConfig({ GAME_SIM_PORT: '4121' })).toMatchObject({
      port: 4121,
      publicUrl: 'http://localhost:4121',
    });
  });

  it('derive every address of npm start from the two ports', () => {
    expect(sideBySideEnvironment({})).toEqual({
      api: { GAME_PROVIDER_URL: 'http://127.0.0.1:4100' },
      simulator: {
        LOBBY_CALLBACK_URL: 'http://127.0.0.1:3000',
        GAME_SIM_PUBLIC_URL: 'http://localhost:4100',
      },
    });
    expect(sideBySideEnvironment({ PORT: '3300', GAME_SIM_PORT: '4121' })).toEqual({
      api: { GAME_PROVIDER_URL: 'http://127.0.0.1:4121' },
      simulator: {
        LOBBY_CALLBACK_URL: 'http://127.0.0.1:3300',
        GAME_SIM_PUBLIC_URL: 'http://localhost:4121',
      },
    });
    // A variable that is set wins.
    expect(
      sideBySideEnvironment({
        GAME_SIM_PORT: '4121',
        GAME_SIM_PUBLIC_URL: 'https://games.example.com',
        GAME_PROVIDER_URL: 'http://sim:4121',
        LOBBY_CALLBACK_URL: 'http://lobby:3000',
      }),
    ).toEqual({
      api: { GAME_PROVIDER_URL: 'http://sim:4121' },
      simulator: {
        LOBBY_CALLBACK_URL: 'http://lobby:3000',
        GAME_SIM_PUBLIC_URL: 'https://games.example.com',
      },
    });
  });

  it('require an own secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', GAME_PROVIDER_SECRET: DEV_PROVIDER_SECRET }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'production', GAME_PROVIDER_SECRET: 'operator-secret-1234' }).secret,
    ).toBe('operator-secret-1234');
  });

  it('refuse faults that are not a fault configuration', () => {
    expect(() => loadConfig({ GAME_SIM_FAULTS: '{' })).toThrow(ConfigError);
    expect(() => loadConfig({ GAME_SIM_FAULTS: '{"seed":"x","timeoutRate":2}' })).toThrow(
      ConfigError,
    );
  });
});
