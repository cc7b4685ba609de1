/**
 * Types of an endpoint of packages/contracts, read off its zod schemas without importing zod:
 * what the server answers (`data` of the envelope) and what a request carries.
 */
type Parser = { parse(data: unknown): unknown };

export type ResponseOf<Endpoint extends { response: Parser }> = ReturnType<
  Endpoint['response']['parse']
>;

export type BodyOf<Endpoint extends { body: Parser }> = ReturnType<Endpoint['body']['parse']>;
