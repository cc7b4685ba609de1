import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_POLL_MS,
  depositPollInterval,
  depositProgress,
  isFinalDepositStatus,
} from './deposit-progress.ts';

describe('deposit progress', () => {
  it('follows an online payment from pending to confirmed', () => {
    expect(depositProgress('online', 'pending')).toEqual({
      steps: ['created', 'pay', 'credited'],
      current: 1,
      outcome: 'waiting',
      percent: 50,
    });
    expect(depositProgress('online', 'confirmed')).toMatchObject({
      current: 2,
      outcome: 'done',
      percent: 100,
    });
  });

  it('follows a bank transfer through the notice and the review', () => {
    expect(depositProgress('bank', 'pending')).toMatchObject({
      steps: ['created', 'notice', 'review', 'credited'],
      current: 1,
      percent: 33,
    });
    expect(depositProgress('bank', 'submitted')).toMatchObject({ current: 2, percent: 67 });
    expect(depositProgress('bank', 'confirmed')).toMatchObject({ current: 3, outcome: 'done' });
  });

  it('marks rejected and expired orders as failed where they stopped', () => {
    expect(depositProgress('usdt', 'expired')).toMatchObject({ current: 1, outcome: 'failed' });
    expect(depositProgress('bank', 'rejected')).toMatchObject({ current: 1, outcome: 'failed' });
  });

  it('polls until the status is final', () => {
    expect(isFinalDepositStatus('pending')).toBe(false);
    expect(isFinalDepositStatus('submitted')).toBe(false);
    for (const status of ['confirmed', 'rejected', 'expired'] as const) {
      expect(isFinalDepositStatus(status)).toBe(true);
      expect(depositPollInterval(status)).toBe(false);
    }
    expect(depositPollInterval('pending')).toBe(DEPOSIT_POLL_MS);
    expect(depositPollInterval(undefined)).toBe(DEPOSIT_POLL_MS);
  });
});
