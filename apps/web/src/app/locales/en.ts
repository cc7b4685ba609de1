import client from '../../../../../packages/i18n/locales/en/client.json';
import common from '../../../../../packages/i18n/locales/en/common.json';
import web from '../../../../../packages/i18n/locales/en/web.json';

/** The en texts of the member site, one chunk (app/i18n.ts loads it). */
export default { web, common, client };
