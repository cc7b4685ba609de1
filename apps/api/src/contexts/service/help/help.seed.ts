import type { Language } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { listBrandsWithHosts } from '../../platform/brand/index.ts';
import {
  countBrandPages,
  insertPage,
  lockHelpSeeding,
  type NewHelpPageRow,
} from './help.repository.ts';

/**
 * The demo help pages of every brand, in the brand's language. Their categories are the help
 * topics the site's footer links to (`/help/about`, `/help/deposit`, ...); deposit has a second
 * page so the navigation shows a category with several pages. Operators rewrite them.
 */
type DemoPage = { category: string; title: string; markdown: string };

function zhCN(siteName: string): DemoPage[] {
  return [
    {
      category: 'about',
      title: '关于我们',
      markdown: `## ${siteName}\n\n${siteName} 是一家在线娱乐平台，提供真人、体育、电子、彩票、棋牌、捕鱼与电竞等游戏。\n\n- 一个钱包畅玩所有场馆\n- 存款与提款全程加密\n- 7×24 小时在线客服\n\n如有任何疑问，请通过页面底部的联系方式或[在线客服](/iframeCustomerService)与我们联系。`,
    },
    {
      category: 'deposit',
      title: '存款帮助',
      markdown: `## 如何存款\n\n1. 登录后进入 [存款](/finance/deposit) 页面；\n2. 选择存款方式：银行转账、在线支付或 USDT；\n3. 输入金额并按页面提示完成付款；\n4. 到账后余额会自动更新。\n\n> 银行转账请务必使用页面显示的收款账户，并在附言中填写订单号。\n\n| 方式 | 单笔最低 | 单笔最高 |\n| --- | --- | --- |\n| 银行转账 | 100 | 50,000 |\n| 在线支付 | 50 | 20,000 |`,
    },
    {
      category: 'deposit',
      title: 'USDT 充值说明',
      markdown: `## USDT 充值\n\n1. 在存款页面选择 **USDT** 并选择协议（如 TRC20）；\n2. 向页面显示的地址转账，协议必须一致；\n3. 区块确认后自动按当时汇率入账。\n\n更多说明见 [虚拟币帮助](/finance/deposit/virtualCoinHelp)。`,
    },
    {
      category: 'withdraw',
      title: '取款帮助',
      markdown: `## 如何取款\n\n1. 首次取款前请先设置**取款密码**并绑定银行卡、支付宝或虚拟币地址；\n2. 进入 [取款](/finance/withdraw) 页面，填写金额与取款密码；\n3. 提交后进入审核，审核通过即出款。\n\n取款前需完成存款对应的流水要求。每日取款次数与单笔限额以页面显示为准。`,
    },
    {
      category: 'responsible-gaming',
      title: '负责任博彩',
      markdown: `## 理性娱乐\n\n${siteName} 仅向年满 **18 周岁** 的会员提供服务。\n\n- 只用闲置资金娱乐，不追损；\n- 为自己设定时间与金额上限；\n- 如感到失控，请暂停游戏并联系客服协助限制账户。\n\n娱乐应当是轻松的，请量力而行。`,
    },
    {
      category: 'privacy',
      title: '隐私政策',
      markdown: `## 隐私政策\n\n我们只收集提供服务所必需的信息（账户、联系方式、交易记录），并以加密方式传输与保存。\n\n- 密码以不可逆方式保存，任何人都无法查看；\n- 未经您同意，我们不会向第三方出售您的资料；\n- 依法律要求提供的情况除外。\n\n如需更正或删除资料，请联系客服。`,
    },
    {
      category: 'terms',
      title: '服务条款',
      markdown: `## 服务条款\n\n1. 会员须年满 18 周岁，并保证所提供信息真实；\n2. 每位会员仅可拥有一个账户；\n3. 禁止任何套利、对冲或利用系统漏洞的行为，一经发现，平台有权冻结账户；\n4. ${siteName} 保留修改本条款的权利，修改后在本页公布。`,
    },
  ];
}

function zhTW(siteName: string): DemoPage[] {
  return [
    {
      category: 'about',
      title: '關於我們',
      markdown: `## ${siteName}\n\n${siteName} 是一家線上娛樂平台，提供真人、體育、電子、彩票、棋牌、捕魚與電競等遊戲。\n\n- 一個錢包暢玩所有場館\n- 存款與提款全程加密\n- 7×24 小時線上客服\n\n如有任何疑問，請透過頁面底部的聯絡方式或[線上客服](/iframeCustomerService)與我們聯繫。`,
    },
    {
      category: 'deposit',
      title: '存款說明',
      markdown: `## 如何存款\n\n1. 登入後進入 [存款](/finance/deposit) 頁面；\n2. 選擇存款方式：銀行轉帳、線上支付或 USDT；\n3. 輸入金額並依頁面提示完成付款；\n4. 到帳後餘額會自動更新。\n\n> 銀行轉帳請務必使用頁面顯示的收款帳戶，並在附言中填寫訂單號。`,
    },
    {
      category: 'deposit',
      title: 'USDT 充值說明',
      markdown: `## USDT 充值\n\n1. 在存款頁面選擇 **USDT** 並選擇協議（如 TRC20）；\n2. 向頁面顯示的地址轉帳，協議必須一致；\n3. 區塊確認後自動依當時匯率入帳。\n\n更多說明見 [虛擬幣說明](/finance/deposit/virtualCoinHelp)。`,
    },
    {
      category: 'withdraw',
      title: '取款說明',
      markdown: `## 如何取款\n\n1. 首次取款前請先設定**取款密碼**並綁定銀行卡、支付寶或虛擬幣地址；\n2. 進入 [取款](/finance/withdraw) 頁面，填寫金額與取款密碼；\n3. 送出後進入審核，審核通過即出款。\n\n取款前需完成存款對應的流水要求。`,
    },
    {
      category: 'responsible-gaming',
      title: '負責任博彩',
      markdown: `## 理性娛樂\n\n${siteName} 僅向年滿 **18 歲** 的會員提供服務。\n\n- 只用閒置資金娛樂，不追損；\n- 為自己設定時間與金額上限；\n- 如感到失控，請暫停遊戲並聯絡客服協助限制帳戶。`,
    },
    {
      category: 'privacy',
      title: '隱私政策',
      markdown: `## 隱私政策\n\n我們只蒐集提供服務所必需的資訊（帳戶、聯絡方式、交易紀錄），並以加密方式傳輸與保存。\n\n- 密碼以不可逆方式保存；\n- 未經您同意，我們不會向第三方出售您的資料。`,
    },
    {
      category: 'terms',
      title: '服務條款',
      markdown: `## 服務條款\n\n1. 會員須年滿 18 歲，並保證所提供資訊真實；\n2. 每位會員僅可擁有一個帳戶；\n3. 禁止任何套利或利用系統漏洞的行為；\n4. ${siteName} 保留修改本條款的權利。`,
    },
  ];
}

function en(siteName: string): DemoPage[] {
  return [
    {
      category: 'about',
      title: 'About us',
      markdown: `## ${siteName}\n\n${siteName} is an online entertainment site with live casino, sports, slots, lottery, board games, fishing and esports.\n\n- One wallet for every venue\n- Encrypted deposits and withdrawals\n- Support around the clock\n\nQuestions? Use the contacts at the foot of the page or [live support](/iframeCustomerService).`,
    },
    {
      category: 'deposit',
      title: 'Deposit help',
      markdown: `## How to deposit\n\n1. Log in and open [Deposit](/finance/deposit);\n2. choose bank transfer, online payment or USDT;\n3. enter the amount and follow the instructions to pay;\n4. your balance updates once the money arrives.\n\n> For bank transfers, pay only into the account shown and put the order number in the note.`,
    },
    {
      category: 'deposit',
      title: 'USDT deposits',
      markdown: `## USDT\n\n1. Choose **USDT** on the deposit page and pick a protocol (such as TRC20);\n2. send to the address shown, on the same protocol;\n3. the deposit is credited at the current rate once the chain confirms it.\n\nSee also [virtual coin help](/finance/deposit/virtualCoinHelp).`,
    },
    {
      category: 'withdraw',
      title: 'Withdrawal help',
      markdown: `## How to withdraw\n\n1. Before your first withdrawal, set a **withdrawal password** and add a bank card, Alipay account or coin address;\n2. open [Withdraw](/finance/withdraw), enter the amount and your withdrawal password;\n3. the request is reviewed and paid out once approved.\n\nThe turnover required by your deposits must be met first.`,
    },
    {
      category: 'responsible-gaming',
      title: 'Responsible gaming',
      markdown: `## Play responsibly\n\n${siteName} serves members aged **18 or over** only.\n\n- Play only with money you can spare, and never chase losses;\n- set yourself limits of time and money;\n- if play stops being fun, take a break and ask support to limit your account.`,
    },
    {
      category: 'privacy',
      title: 'Privacy policy',
      markdown: `## Privacy policy\n\nWe collect only what we need to serve you (account, contact details, transactions) and keep it encrypted in transit and at rest.\n\n- Passwords are stored so that no one can read them;\n- we never sell your data to third parties.`,
    },
    {
      category: 'terms',
      title: 'Terms of service',
      markdown: `## Terms of service\n\n1. Members must be 18 or over and give true details;\n2. one account per member;\n3. arbitrage or abuse of system faults is forbidden and may lead to the account being frozen;\n4. ${siteName} may change these terms and publishes every change here.`,
    },
  ];
}

const PAGES: Record<Language, (siteName: string) => DemoPage[]> = {
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  en,
};

export function demoHelpPages(brand: {
  code: string;
  siteName: string;
  language: string;
}): NewHelpPageRow[] {
  const language: Language = brand.language in PAGES ? (brand.language as Language) : 'zh-CN';
  return PAGES[language](brand.siteName).map((page, index) => ({
    brandCode: brand.code,
    language,
    category: page.category,
    title: page.title,
    markdown: page.markdown,
    sort: (index + 1) * 10,
    published: true,
    updatedBy: null,
  }));
}

/**
 * Gives every brand without help pages the demo pages: safe to run at every start and on
 * several nodes at once (one seeding at a time), and it never touches a brand that has pages.
 * Returns how many pages were inserted.
 */
export async function seedHelpPages(db: Database): Promise<number> {
  return db.transaction(async (transaction) => {
    await lockHelpSeeding(transaction);
    let inserted = 0;
    for (const brand of await listBrandsWithHosts(transaction)) {
      if ((await countBrandPages(transaction, brand.code)) > 0) continue;
      for (const page of demoHelpPages(brand)) {
        await insertPage(transaction, page);
        inserted++;
      }
    }
    return inserted;
  });
}
