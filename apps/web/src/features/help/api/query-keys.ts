/**
 * Query keys of the help centre's data. Help pages and contacts are the brand's, the same for
 * guests and members, so they do not sit under the member keys; each key carries the language.
 */
export const HELP_QUERY_KEYS = {
  list: ['help', 'list'],
  page: ['help', 'page'],
  contacts: ['help', 'contacts'],
} as const;
