import client from '../../../../../packages/i18n/locales/zh-CN/client.json';
import common from '../../../../../packages/i18n/locales/zh-CN/common.json';
import web from '../../../../../packages/i18n/locales/zh-CN/web.json';

/** The zh-CN texts of the member site, one chunk (app/i18n.ts loads it). */
export default { web, common, client };
