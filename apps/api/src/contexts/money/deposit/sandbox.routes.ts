import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gatewayCallbackEndpoint,
  ORDER_NO_RULE,
  SANDBOX_PAY_COMPLETE_PATH,
  SANDBOX_PAY_PATH,
  sandboxChainTransferEndpoint,
  type DepositOrder,
} from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
import { AppError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { DepositService } from './deposit.service.ts';

/** Where the gateway sends the browser back to: the member site's deposit screen. */
export function depositReturnUrl(orderNo: string): string {
  return `/finance/deposit?orderNo=${encodeURIComponent(orderNo)}`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;' +
  'background:#f2f4f7;color:#1f2937;display:flex;min-height:100vh;align-items:center;' +
  'justify-content:center}main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;' +
  'padding:28px 24px;width:min(360px,90vw)}h1{font-size:20px;margin:0 0 4px}' +
  '.hint{color:#6b7280;font-size:13px;margin:0 0 20px}dl{margin:0 0 24px}' +
  'dt{color:#6b7280;font-size:13px}dd{margin:2px 0 12px;font-size:16px;word-break:break-all}' +
  '.amount{font-size:28px;font-weight:600;color:#c2410c}form{margin:0 0 10px}' +
  'button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer}' +
  '.pay{background:#16a34a;color:#fff}.cancel{background:#e5e7eb;color:#374151}' +
  'a{color:#2563eb}';

const STATUS_TEXT: Record<DepositOrder['status'], string> = {
  pending: '待支付',
  submitted: '待审核',
  confirmed: '已支付',
  rejected: '已关闭',
  expired: '已过期',
};

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>` +
    '<p class="hint">沙箱支付网关：测试环境，不会产生真实扣款</p>' +
    `${body}</main></body></html>`
  );
}

function amountText(order: DepositOrder): string {
  return order.currency === 'CNY' ? `¥${order.amount}` : `${order.amount} ${order.currency}`;
}

/** The gateway's pay page: amount, order number, and the two buttons of a sandbox. */
export function renderPayPage(order: DepositOrder): string {
  const orderNo = escapeHtml(order.orderNo);
  const summary =
    `<dl><dt>订单号</dt><dd>${orderNo}</dd>` +
    `<dt>支付金额</dt><dd class="amount">${escapeHtml(amountText(order))}</dd>` +
    `<dt>订单状态</dt><dd>${STATUS_TEXT[order.status]}</dd></dl>`;
  const back = escapeHtml(depositReturnUrl(order.orderNo));
  if (order.status !== 'pending') {
    return page('收银台', `${summary}<p><a href="${back}">返回充值页面</a></p>`);
  }
  return page(
    '收银台',
    summary +
      `<form method="post" action="/sandbox/pay/${encodeURIComponent(order.orderNo)}/complete">` +
      '<button type="submit" class="pay">支付成功</button></form>' +
      '<form method="get" action="/finance/deposit">' +
      `<input type="hidden" name="orderNo" value="${orderNo}">` +
      '<button type="submit" class="cancel">取消</button></form>',
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; " +
        "frame-ancestors 'self'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

const notFoundPage = () => page('订单不存在', '<p>找不到这笔支付订单。</p>');

/**
 * Development stand-ins for the outside world, absent in production: the sandbox payment
 * gateway (a pay page whose button makes the gateway send its signed notification to our
 * callback, then returns the browser to the deposit screen) and the sandbox chain that
 * receives USDT transfers (the USDT watcher sweep confirms and credits them).
 */
export async function depositSandboxRoutes(
  app: FastifyInstance,
  options: { deposits: DepositService; production: boolean },
) {
  if (options.production) return;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deposits } = options;

  routes.get<{ Params: { orderNo: string } }>(
    SANDBOX_PAY_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const { orderNo } = request.params;
      const order = ORDER_NO_RULE.pattern.test(orderNo)
        ? await deposits.sandboxPayment(orderNo)
        : null;
      return order
        ? sendHtml(reply, 200, renderPayPage(order))
        : sendHtml(reply, 404, notFoundPage());
    },
  );

  routes.post<{ Params: { orderNo: string } }>(
    SANDBOX_PAY_COMPLETE_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const { orderNo } = request.params;
      const notification = ORDER_NO_RULE.pattern.test(orderNo)
        ? await deposits.sandboxPaidNotification(orderNo)
        : null;
      if (!notification) return sendHtml(reply, 404, notFoundPage());
      try {
        // The gateway calls our callback: the same function the HTTP callback route calls.
        await deposits.gatewayCallback(gatewayCallbackEndpoint.body.parse(notification));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const text = errorMessage(error.code, 'zh-CN');
        return sendHtml(
          reply,
          error.httpStatus,
          page(
            '支付失败',
            `<p>${escapeHtml(text)}</p>` +
              `<p><a href="${escapeHtml(depositReturnUrl(orderNo))}">返回充值页面</a></p>`,
          ),
        );
      }
      return reply.header('cache-control', 'no-store').redirect(depositReturnUrl(orderNo), 303);
    },
  );

  routes.post(
    sandboxChainTransferEndpoint.path,
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox chain: send USDT to an address (no confirmations yet)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: sandboxChainTransferEndpoint.body,
        response: envelopeResponses(sandboxChainTransferEndpoint.response),
      },
    },
    async (request) => ok(await deposits.sandboxTransfer(request.body)),
  );
}
