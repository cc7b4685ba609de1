import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  memberKycEndpoint,
  submitKycEndpoint,
  uploadEndpoint,
  type MemberKyc,
} from '@lobby/contracts';
import {
  createFakeApi,
  renderScreen,
  submit,
  waitFor,
  type FakeApi,
  type Rendered,
} from '../../app/test-render.tsx';
import { IdentityPage } from './identity-page.tsx';

const status = (overrides: Partial<MemberKyc> = {}): MemberKyc => ({
  level: 1,
  contactVerified: true,
  thresholds: {
    beforeFirstDeposit: true,
    withdrawalAbove: '0.00',
    cumulativeDeposits: '15600.00',
    currency: 'CNY',
    eurRate: '7.800000',
    eurRateRecordedOn: '2026-11-01',
  },
  requiredFor: ['before_deposit'],
  submission: null,
  canSubmit: true,
  ...overrides,
});

const images = { idFront: '/i/1', idBack: '/i/2', selfie: '/i/3' };
let screen: Rendered | undefined;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  screen?.unmount();
  screen = undefined;
  vi.restoreAllMocks();
});

const routes = [{ path: '/user/identity', element: <IdentityPage /> }];
const $ = (selector: string) => screen?.container.querySelector(selector) ?? null;

async function pick(side: string, file: File) {
  const input = $(`[data-testid="kyc-file-${side}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no file input ${side}`);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The submissions (the status is read on the same path with GET). */
const sent = (api: FakeApi) =>
  api.callsTo(submitKycEndpoint.path).filter((call) => call.method === 'POST');

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('/user/identity', () => {
  it("shows the level and the brand's rules, and sends three uploaded images", async () => {
    let uploads = 0;
    const api = createFakeApi({
      [memberKycEndpoint.path]: () => status(),
      [uploadEndpoint.path]: () => ({
        id: String(++uploads).repeat(32),
        url: '/x',
        contentType: 'image/png',
      }),
    });
    screen = await renderScreen({ routes, path: '/user/identity', api });
    await waitFor(() => expect(screen?.text()).toContain('每次取款都需要 2 级验证。'));
    expect(screen.text()).toContain('首次存款前需要 2 级验证。');
    expect(screen.text()).toContain('累计存款达到 15600.00 CNY 后需要 2 级验证。');
    expect($('[data-testid="kyc-level"]')?.getAttribute('data-level')).toBe('1');

    // Sending with an image missing is refused in the form; a text file is never uploaded.
    await pick('idFront', png('front.png'));
    await pick('idBack', new File(['x'], 'back.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen?.text()).toContain('仅支持 PNG、JPG、WEBP、GIF 图片'));
    await submit($('form'));
    await waitFor(() => expect(screen?.text()).toContain('请上传全部三张图片'));
    expect(sent(api)).toHaveLength(0);

    await pick('idBack', png('back.png'));
    await pick('selfie', png('selfie.png'));
    await waitFor(() => expect(api.callsTo(uploadEndpoint.path)).toHaveLength(3));
    api.on(submitKycEndpoint.path, () =>
      status({
        canSubmit: false,
        submission: {
          id: '7',
          status: 'pending',
          submittedAt: '2026-11-27T08:00:00.000Z',
          decidedAt: null,
          reason: null,
          images,
        },
      }),
    );
    await submit($('form'));
    await waitFor(() => expect(screen?.text()).toContain('证件审核中'));
    expect(sent(api)[0]?.values).toEqual({
      idFront: '1'.repeat(32),
      idBack: '2'.repeat(32),
      selfie: '3'.repeat(32),
    });
    expect($('[data-testid="kyc-submit"]')).toBeNull();
  });

  it('shows a rejection with its reason and the form again', async () => {
    const api = createFakeApi({
      [memberKycEndpoint.path]: () =>
        status({
          submission: {
            id: '7',
            status: 'rejected',
            submittedAt: '2026-11-27T08:00:00.000Z',
            decidedAt: '2026-11-27T09:00:00.000Z',
            reason: '自拍照模糊',
            images,
          },
        }),
    });
    screen = await renderScreen({ routes, path: '/user/identity', api });
    await waitFor(() => expect(screen?.text()).toContain('原因：自拍照模糊。请重新上传。'));
    expect($('[data-testid="kyc-submit"]')).not.toBeNull();
  });
});
