import { describe, expect, it } from 'vitest';
import { adminTransferExceptionsEndpoint } from '@lobby/contracts';
import { parseFilters, serializeFilters } from '../../lib/url-filters.ts';
import {
  ageMinutes,
  detailKey,
  durationOf,
  evidenceProblem,
  queryTone,
  transferActions,
} from './transfer-logic.ts';

describe('transfer exceptions: filters in the URL', () => {
  it('round-trips every filter through the endpoint’s schema', () => {
    const filters = {
      brand: 'jinsheng',
      platform: 7,
      direction: 'out',
      minAgeMinutes: 60,
      member: 'alice',
      page: 2,
    };
    const search = serializeFilters(adminTransferExceptionsEndpoint.query, filters);
    expect(search.toString()).toBe(
      'brand=jinsheng&platform=7&direction=out&minAgeMinutes=60&member=alice&page=2',
    );
    expect(parseFilters(adminTransferExceptionsEndpoint.query, search)).toEqual({
      ...filters,
      pageSize: 50,
    });
    // A pasted link with junk keeps what is valid.
    expect(
      parseFilters(
        adminTransferExceptionsEndpoint.query,
        new URLSearchParams('direction=sideways&platform=abc&minAgeMinutes=30'),
      ),
    ).toEqual({ minAgeMinutes: 30, page: 1, pageSize: 50 });
  });
});

describe('durations', () => {
  it('names a duration in its largest whole unit', () => {
    expect(durationOf(10)).toEqual({ unit: 'minutes', n: 10 });
    expect(durationOf(90)).toEqual({ unit: 'hours', n: 1 });
    expect(durationOf(360)).toEqual({ unit: 'hours', n: 6 });
    expect(durationOf(1440)).toEqual({ unit: 'days', n: 1 });
    expect(durationOf(1500)).toEqual({ unit: 'hours', n: 25 });
    expect(durationOf(4320)).toEqual({ unit: 'days', n: 3 });
  });

  it('measures a transfer’s age', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(ageMinutes('2025-03-01T11:20:30Z', now)).toBe(39);
    expect(ageMinutes('2025-03-01T12:05:00Z', now)).toBe(0);
    expect(ageMinutes('junk', now)).toBe(0);
  });
});

describe('status queries', () => {
  it('colours an answer by what it means', () => {
    expect(queryTone({ answer: 'status', status: 'success', detail: null })).toBe('success');
    expect(queryTone({ answer: 'status', status: 'failed', detail: null })).toBe('error');
    expect(queryTone({ answer: 'status', status: 'not_found', detail: null })).toBe('warning');
    expect(queryTone({ answer: 'status', status: 'success', detail: 'status_mismatch' })).toBe(
      'warning',
    );
    expect(queryTone({ answer: 'timeout', status: null, detail: null })).toBe('warning');
    expect(queryTone({ answer: 'error', status: null, detail: 'server_error' })).toBe('warning');
  });

  it('reads a refusal’s code out of its detail', () => {
    expect(detailKey(null)).toBeNull();
    expect(detailKey('refused:maintenance')).toEqual({ key: 'refused', code: 'maintenance' });
    expect(detailKey('network')).toEqual({ key: 'network', code: '' });
  });
});

describe('what may be done with a transfer', () => {
  const stuck = { status: 'in_transit' as const, exception: true, pendingResolution: null };

  it('asks and resolves a stuck transfer with the permission only', () => {
    expect(transferActions(stuck, true)).toEqual({
      query: true,
      resolve: true,
      resolveBlocked: null,
    });
    expect(transferActions(stuck, false)).toEqual({
      query: false,
      resolve: false,
      resolveBlocked: null,
    });
  });

  it('says why a resolution cannot be asked for', () => {
    expect(transferActions({ ...stuck, status: 'success' }, true)).toEqual({
      query: false,
      resolve: false,
      resolveBlocked: 'notInTransit',
    });
    expect(transferActions({ ...stuck, exception: false }, true)).toMatchObject({
      query: true,
      resolve: false,
      resolveBlocked: 'stillChecking',
    });
    const pending = {
      approvalId: '9',
      outcome: 'failed' as const,
      requestedBy: 'ann',
      requestedAt: '2025-03-01T00:00:00Z',
    };
    expect(transferActions({ ...stuck, pendingResolution: pending }, true)).toMatchObject({
      query: true,
      resolve: false,
      resolveBlocked: 'pending',
    });
  });

  it('wants 10 to 2000 characters of evidence, trimmed', () => {
    expect(evidenceProblem(undefined)).toBe('short');
    expect(evidenceProblem('   short   ')).toBe('short');
    expect(evidenceProblem(' ticket 12345 ')).toBeNull();
    expect(evidenceProblem('x'.repeat(2000))).toBeNull();
    expect(evidenceProblem('x'.repeat(2001))).toBe('long');
  });
});
