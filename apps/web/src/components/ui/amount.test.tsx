import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrandPublicConfig } from '@lobby/contracts';
import { sampleBrandConfig } from '../../app/test-brand-config.ts';
import { BrandContext } from '../../lib/brand-context.tsx';
import { Amount } from './amount.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function render(brand: BrandPublicConfig, element: React.ReactNode) {
  act(() => root.render(<BrandContext.Provider value={brand}>{element}</BrandContext.Provider>));
  return container;
}

describe('Amount', () => {
  it('writes the brand symbol and the grouped figures', () => {
    const view = render({ ...sampleBrandConfig, currencySymbol: '¥' }, <Amount value="12345.50" />);
    expect(view.textContent).toBe('¥12,345.50');
    expect(view.querySelector('img')).toBeNull();
  });

  it('shows the currency icon when the brand has no symbol', () => {
    const view = render(
      {
        ...sampleBrandConfig,
        currencySymbol: null,
        currencyIconUrl: '/images/currency/coin-2.svg',
      },
      <Amount value="8.00" />,
    );
    const icon = view.querySelector('img.currency-icon');
    expect(icon?.getAttribute('src')).toBe('/images/currency/coin-2.svg');
    expect(icon?.getAttribute('alt')).toBe(sampleBrandConfig.currencyCode);
    expect(view.textContent).toBe('8.00');
  });

  it('signs movements and marks their direction, and shows -- while unknown', () => {
    const brand = { ...sampleBrandConfig, currencySymbol: '¥' };
    expect(render(brand, <Amount value="-200.00" signed />).textContent).toBe('-¥200.00');
    expect(container.querySelector('.amount--out')).not.toBeNull();
    expect(render(brand, <Amount value="100.12" signed />).textContent).toBe('+¥100.12');
    expect(container.querySelector('.amount--in')).not.toBeNull();
    expect(render(brand, <Amount value={null} />).textContent).toBe('¥--');
  });
});
