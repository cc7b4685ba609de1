import { describe, expect, it } from 'vitest';
import {
  adminActionsEndpoint,
  adminApprovalsEndpoint,
  adminMembersEndpoint,
} from '@lobby/contracts';
import { applyFilterPatch, parseFilters, serializeFilters } from './url-filters.ts';

const members = adminMembersEndpoint.query;

describe('parseFilters', () => {
  it('reads every field with the endpoint schema and fills the defaults', () => {
    const filters = parseFilters(
      members,
      new URLSearchParams(
        'q=alice&brand=lumen&vipLevel=3&page=2&registeredFrom=2025-01-01T00:00:00%2B08:00',
      ),
    );
    expect(filters).toEqual({
      q: 'alice',
      brand: 'lumen',
      vipLevel: 3,
      registeredFrom: '2025-01-01T00:00:00+08:00',
      sort: 'registeredAt',
      order: 'desc',
      page: 2,
      pageSize: 50,
    });
  });

  it('drops invalid values one by one and keeps the valid ones', () => {
    const filters = parseFilters(
      members,
      new URLSearchParams(
        'q=bob&status=frozen&vipLevel=99&sort=password&order=up&page=-1&pageSize=9999&balanceAbove=1e9&registeredFrom=yesterday',
      ),
    );
    expect(filters).toEqual({
      q: 'bob',
      sort: 'registeredAt',
      order: 'desc',
      page: 1,
      pageSize: 50,
    });
  });

  it('ignores parameters the endpoint does not know and empty ones', () => {
    expect(
      parseFilters(adminApprovalsEndpoint.query, new URLSearchParams('x=1&kind=&brand=')),
    ).toEqual({ status: 'pending', page: 1, pageSize: 50 });
  });
});

describe('serializeFilters', () => {
  it('writes the chosen filters in schema order and leaves defaults and empties out', () => {
    const search = serializeFilters(members, {
      page: 1,
      sort: 'registeredAt',
      order: 'asc',
      q: 'alice',
      brand: '',
      status: undefined,
      vipLevel: 0,
    });
    expect(search.toString()).toBe('q=alice&vipLevel=0&order=asc');
  });

  it('round-trips: parsing what it wrote gives the same filters', () => {
    const filters = parseFilters(
      adminActionsEndpoint.query,
      new URLSearchParams('operator=admin&action=operator.create&from=2025-03-01T00:00:00Z'),
    );
    const again = parseFilters(
      adminActionsEndpoint.query,
      serializeFilters(adminActionsEndpoint.query, filters),
    );
    expect(again).toEqual(filters);
    expect(again).toMatchObject({ operator: 'admin', limit: 100 });
  });
});

describe('applyFilterPatch', () => {
  it('goes back to the first page when a filter changes', () => {
    expect(applyFilterPatch({ q: 'a', page: 4 }, { q: 'b' })).toEqual({ q: 'b' });
    expect(applyFilterPatch({ q: 'a', beforeId: '10' }, { brand: 'x' })).toEqual({
      q: 'a',
      brand: 'x',
    });
  });

  it('keeps the filters when only the page changes', () => {
    expect(applyFilterPatch({ q: 'a', page: 1 }, { page: 3 })).toEqual({ q: 'a', page: 3 });
  });
});
