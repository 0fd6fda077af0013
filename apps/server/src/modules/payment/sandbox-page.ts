import type { ApiLanguage } from '@nearcast/contract';

const TEXT = {
  en: {
    title: 'Sandbox checkout',
    banner: 'TEST MODE — no real money moves. This page stands in for the card payment page.',
    pay: 'Pay',
    decline: 'Decline the card',
    cancel: 'Cancel and go back',
    closed: 'This checkout is closed',
    closedBody: 'Its result was recorded. You can close this window and return to Nearcast.',
    back: 'Back to Nearcast',
  },
  zh: {
    title: '沙盒收银台',
    banner: '测试模式——不会产生真实扣款。此页面代替银行卡支付页面。',
    pay: '支付',
    decline: '模拟银行卡被拒',
    cancel: '取消并返回',
    closed: '此收银台已关闭',
    closedBody: '结果已记录。您可以关闭此窗口并返回 Nearcast。',
    back: '返回 Nearcast',
  },
  es: {
    title: 'Pago de prueba',
    banner: 'MODO DE PRUEBA: no se mueve dinero real. Esta página sustituye a la página de pago con tarjeta.',
    pay: 'Pagar',
    decline: 'Rechazar la tarjeta',
    cancel: 'Cancelar y volver',
    closed: 'Este pago está cerrado',
    closedBody: 'Su resultado quedó registrado. Puedes cerrar esta ventana y volver a Nearcast.',
    back: 'Volver a Nearcast',
  },
} as const;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const LOCALE: Record<ApiLanguage, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES' };

/**
 * The amount in the page's language, written as the app writes it (a plain "$" with cents in
 * every language), so the window reads like the page that opened it.
 */
const money = (cents: number, lang: ApiLanguage) =>
  new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(cents / 100);

/** The sandbox checkout page: plain HTML forms, no script, styled to match the dark theme. */
export function sandboxPage(lang: ApiLanguage, session: { id: string; description: string; amountCents: number; open: boolean; homeUrl: string }): string {
  const t = TEXT[lang];
  const action = (decision: string) => `/sandbox/checkout/${encodeURIComponent(session.id)}/${decision}`;
  const body = session.open
    ? `<p class="what">${escape(session.description)}</p>
       <p class="amount" data-testid="sandbox-amount">${money(session.amountCents, lang)}</p>
       <form method="post" action="${action('pay')}"><button class="pay" data-testid="sandbox-pay">${t.pay} ${money(session.amountCents, lang)}</button></form>
       <form method="post" action="${action('decline')}"><button class="ghost" data-testid="sandbox-decline">${t.decline}</button></form>
       <form method="post" action="${action('cancel')}"><button class="link" data-testid="sandbox-cancel">${t.cancel}</button></form>`
    : `<h2>${t.closed}</h2><p>${t.closedBody}</p><p><a href="${escape(session.homeUrl)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${LOCALE[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} · Nearcast</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0b12; color: #e7e7ef;
         font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Noto Sans SC", sans-serif; }
  main { box-sizing: border-box; width: min(420px, calc(100vw - 32px)); background: #15151f; border: 1px solid #2a2a3a; border-radius: 16px; padding: 28px; }
  .banner { background: #3b2a00; color: #ffd666; border: 1px solid #ad8b00; border-radius: 10px; padding: 10px 12px; font-size: 14px; }
  h1 { font-size: 20px; margin: 18px 0 4px; } .what { color: #a3a3b8; margin: 0; }
  .amount { font-size: 40px; font-weight: 700; margin: 12px 0 20px; background: linear-gradient(90deg, #7c5cff, #22d3ee);
            -webkit-background-clip: text; background-clip: text; color: transparent; }
  form { margin: 0 0 10px; } button { width: 100%; padding: 12px; border-radius: 10px; font-size: 16px; cursor: pointer; }
  .pay { background: #7c5cff; color: #fff; border: 0; } .ghost { background: transparent; color: #e7e7ef; border: 1px solid #3a3a4f; }
  .link { background: none; border: 0; color: #a3a3b8; text-decoration: underline; } a { color: #22d3ee; }
</style></head>
<body><main data-testid="sandbox-checkout"><div class="banner" role="note">${t.banner}</div><h1>${t.title}</h1>${body}</main></body></html>`;
}
