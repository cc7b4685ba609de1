import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';

/**
 * Operator logins for tests, over HTTP as the back office makes them: password, then the second
 * factor. An operator who must enrol does so on first login (setup, then a code from the secret)
 * and the secret and recovery codes are kept here, by username, for later logins. A TOTP code
 * logs in once per 30-second step, so a second login within a step uses a recovery code.
 */
type Enrolment = { secret: string; recoveryCodes: string[]; lastCodeStep: number };
const enrolments = new Map<string, Enrolment>();

const currentStep = () => Math.floor(Date.now() / 30_000);

type Answer = { status: boolean; data: unknown };

async function postJson(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  options: { token?: string; remoteAddress?: string } = {},
): Promise<{ statusCode: number; body: Answer }> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { statusCode: response.statusCode, body: response.json<Answer>() };
}

/** A TOTP code of the operator's secret, or a recovery code when this step's code is used. */
async function secondFactor(enrolment: Enrolment): Promise<Record<string, string>> {
  const step = currentStep();
  if (step > enrolment.lastCodeStep) {
    enrolment.lastCodeStep = step;
    return { totp: await generate({ secret: enrolment.secret }) };
  }
  const recoveryCode = enrolment.recoveryCodes.shift();
  if (!recoveryCode) throw new Error('the test operator has used every recovery code');
  return { recoveryCode };
}

/** Logs in and answers the bearer token; throws with the answer when the login is refused. */
export async function operatorLogin(
  app: FastifyInstance,
  credentials: { username: string; password: string },
  remoteAddress?: string,
): Promise<string> {
  const enrolment = enrolments.get(credentials.username);
  const factor = enrolment ? await secondFactor(enrolment) : {};
  const login = await postJson(
    app,
    '/admin/api/login',
    { ...credentials, ...factor },
    remoteAddress ? { remoteAddress } : {},
  );
  if (!login.body.status) throw new Error(`operator login refused: ${JSON.stringify(login.body)}`);
  const { token, operator } = login.body.data as {
    token: string;
    operator: { totpEnrolmentRequired: boolean };
  };
  if (operator.totpEnrolmentRequired) {
    enrolments.set(credentials.username, await enrolTotp(app, token));
  }
  return token;
}

/** Enrols TOTP on a session that must: setup, then a code of the new secret. */
export async function enrolTotp(app: FastifyInstance, token: string): Promise<Enrolment> {
  const setup = await postJson(app, '/admin/api/me/totp/setup', {}, { token });
  if (!setup.body.status) throw new Error(`TOTP setup refused: ${JSON.stringify(setup.body)}`);
  const { secret } = setup.body.data as { secret: string };
  const code = await generate({ secret });
  const confirm = await postJson(app, '/admin/api/me/totp/confirm', { code }, { token });
  if (!confirm.body.status) {
    throw new Error(`TOTP confirm refused: ${JSON.stringify(confirm.body)}`);
  }
  const { recoveryCodes } = confirm.body.data as { recoveryCodes: string[] };
  return { secret, recoveryCodes, lastCodeStep: currentStep() };
}

/** An operator API answer whose data a test reads field by field, each checked by expect. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperatorAnswer = { statusCode: number; body: { status: boolean; data: any } };

/** Calls an operator route with a bearer token (and a JSON body but for GET). */
export async function operatorCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: object,
): Promise<OperatorAnswer> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { payload: body ?? {} }),
  });
  return { statusCode: response.statusCode, body: response.json() };
}
