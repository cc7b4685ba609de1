/** The captcha module's public surface: what other modules may use. */
export { captchaModule } from './captcha.plugin.ts';
export { CaptchaService } from './captcha.service.ts';
