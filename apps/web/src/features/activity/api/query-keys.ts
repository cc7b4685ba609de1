/**
 * Query keys of the activity screens. Not under the member keys: guests read promotions too;
 * the keys carry whether a member is logged in, because the answers then hold the member's state.
 */
export const PROMO_QUERY_KEYS = {
  all: ['promo'],
  list: (category: string, page: number) => ['promo', 'list', category, page],
  secondNav: (language: string) => ['promo', 'secondNav', language],
  detail: (id: string, loggedIn: boolean) => ['promo', 'detail', id, loggedIn],
  signInfo: (loggedIn: boolean) => ['promo', 'sign', loggedIn],
  gifts: (loggedIn: boolean) => ['promo', 'gifts', loggedIn],
  rechargeRewards: (id: string) => ['promo', 'recharge', id],
  records: (page: number) => ['promo', 'records', page],
} as const;
