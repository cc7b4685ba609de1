import client from '../../../../../packages/i18n/locales/zh-TW/client.json';
import common from '../../../../../packages/i18n/locales/zh-TW/common.json';
import web from '../../../../../packages/i18n/locales/zh-TW/web.json';

/** The zh-TW texts of the member site, one chunk (app/i18n.ts loads it). */
export default { web, common, client };
