/** The wallet module's public surface: what other modules may use. */
export { walletModule } from './wallet.plugin.ts';
export { WalletService } from './wallet.service.ts';
