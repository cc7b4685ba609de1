import { afterEach, describe, expect, it } from 'vitest';
import { sampleBrandConfig } from '../../app/test-brand-config.ts';
import { createFakeApi, renderScreen, type Rendered } from '../../app/test-render.tsx';
import { qrPath } from '../../components/ui/qr-code.tsx';
import { BrandContext } from '../../lib/brand-context.tsx';
import { appLink } from './app-links.ts';
import { DownloadPage } from './download-page.tsx';

let screen: Rendered | undefined;
afterEach(() => {
  screen?.unmount();
  screen = undefined;
});

async function open(appDownload: { ios: string; android: string }) {
  const brand = { ...sampleBrandConfig, settings: { ...sampleBrandConfig.settings, appDownload } };
  screen = await renderScreen({
    routes: [
      {
        path: '/download',
        element: (
          <BrandContext.Provider value={brand}>
            <DownloadPage />
          </BrandContext.Provider>
        ),
      },
    ],
    path: '/download',
    api: createFakeApi(),
    member: null,
  });
  return screen;
}

const $$ = (selector: string) => [...(screen?.container.querySelectorAll(selector) ?? [])];

describe('/download', () => {
  it('shows a download button and a QR code for each app of the brand', async () => {
    await open({
      ios: 'https://jinsheng.lobby.test/download#ios',
      android: 'https://jinsheng.lobby.test/app.apk',
    });
    const buttons = $$('a.store-button');
    expect(buttons.map((link) => link.getAttribute('href'))).toEqual([
      'https://jinsheng.lobby.test/download#ios',
      'https://jinsheng.lobby.test/app.apk',
    ]);
    expect(buttons[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    const codes = $$('svg.qr-code');
    expect(codes.map((code) => code.getAttribute('aria-label'))).toEqual([
      'iOS 下载二维码',
      'Android 下载二维码',
    ]);
    expect(codes[1]?.getAttribute('data-qr-value')).toBe('https://jinsheng.lobby.test/app.apk');
    expect(codes[1]?.querySelector('path')?.getAttribute('d')).toBe(
      qrPath('https://jinsheng.lobby.test/app.apk').path,
    );
    expect(screen?.text()).toContain('扫描二维码，下载 Android 版');
  });

  it('marks a platform without an app as coming soon, with no QR code', async () => {
    await open({ ios: '', android: 'https://jinsheng.lobby.test/app.apk' });
    expect($$('a.store-button')).toHaveLength(1);
    expect($$('.store-button.is-disabled')[0]?.textContent).toContain('即将推出');
    expect($$('svg.qr-code')).toHaveLength(1);
  });

  it('says plainly when the brand has no apps, and offers the mobile site', async () => {
    // An address that is not http(s) is no app either.
    await open({ ios: '', android: 'javascript:alert(1)' });
    expect(screen?.text()).toContain('本站暂未推出手机 APP');
    expect($$('a.store-button')).toHaveLength(0);
    expect($$('svg.qr-code')).toHaveLength(0);
    expect($$('a[href="/app/home"]')).toHaveLength(1);
  });
});

describe('QR codes and app addresses', () => {
  it('draws a square code with a quiet zone, the same for the same address', () => {
    const first = qrPath('https://example.com/app');
    // Version 2 or more (25+ modules) plus two modules of border on each side.
    expect(first.size).toBeGreaterThanOrEqual(25 + 4);
    expect(first.path).toMatch(/^M2 2h1v1h-1z/);
    expect(qrPath('https://example.com/app')).toEqual(first);
    expect(qrPath('https://example.com/other').path).not.toBe(first.path);
  });

  it('keeps only http(s) addresses, as ASCII', () => {
    expect(appLink({ ios: ' https://例子.example/下载 ' }, 'ios')).toBe(
      'https://xn--fsqu00a.example/%E4%B8%8B%E8%BD%BD',
    );
    expect(appLink({ ios: 'itms-services://?action=x' }, 'ios')).toBeNull();
    expect(appLink({ android: 'not a url' }, 'android')).toBeNull();
    expect(appLink({}, 'android')).toBeNull();
  });
});
