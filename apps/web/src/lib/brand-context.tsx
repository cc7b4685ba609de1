import { createContext, useContext } from 'react';
import type { BrandPublicConfig } from '@lobby/contracts';

export const BrandContext = createContext<BrandPublicConfig | null>(null);

/** The running brand's public config; every screen renders inside the provider. */
export function useBrand(): BrandPublicConfig {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand outside BrandContext');
  return brand;
}
