import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { findRefusedText, multilinePathsOf, type MultilinePaths } from '@lobby/contracts';
import { commonError } from '../lib/app-error.ts';

type InputPart = 'body' | 'querystring' | 'params';
type RouteTextRules = Record<InputPart, MultilinePaths>;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Rules every request's input obeys before its route's schema sees it, so that no route can
 * forget them:
 * - an absent body of a call that takes one is an empty form (`promo/sign` with no body at all
 *   is the same call as with an empty one);
 * - no string of the body, the query or the path parameters carries a control character, and
 *   only multi-line fields (`multiline()` in the contracts) carry tabs or line breaks: otherwise
 *   `validation` with the field's path, and nothing reaches the database.
 */
export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    const rulesOfRoute = new WeakMap<FastifySchema, RouteTextRules>();
    const noRules: RouteTextRules = { body: [], querystring: [], params: [] };

    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema;
      let rules = noRules;
      if (schema) {
        rules = rulesOfRoute.get(schema) ?? noRules;
        if (rules === noRules) {
          rules = {
            body: multilinePathsOf(schema.body),
            querystring: multilinePathsOf(schema.querystring),
            params: multilinePathsOf(schema.params),
          };
          rulesOfRoute.set(schema, rules);
        }
      }
      if (
        (request.body === undefined || request.body === null) &&
        schema?.body !== undefined &&
        METHODS_WITH_BODY.has(request.method)
      ) {
        request.body = {};
      }
      const issue =
        findRefusedText(request.params, rules.params) ??
        findRefusedText(request.query, rules.querystring) ??
        // A body a scope keeps as raw text (signed callbacks) is checked where it is parsed.
        (typeof request.body === 'string' ? undefined : findRefusedText(request.body, rules.body));
      if (issue) throw commonError('validation', [issue]);
    });
  },
  { name: 'input' },
);
