import { apiLanguageOf, type ApiLanguage } from '@nearcast/contract';

/**
 * The page a short link answers with when it leads nowhere (docs/decisions/083): a person who
 * scanned a video's QR code gets a few kind words in their language, not an API envelope.
 */

const WORDS: Record<ApiLanguage, { lang: string; title: string; body: string; home: string }> = {
  en: {
    lang: 'en-US',
    title: 'This link does not lead anywhere',
    body: 'The video link you opened does not exist, or it was mistyped. The shop is still there: look it up by its name.',
    home: 'Go to Nearcast',
  },
  zh: {
    lang: 'zh-CN',
    title: '这个链接没有对应的页面',
    body: '您打开的视频链接不存在，或者输入有误。店铺依然在营业，可以按店名搜索找到它。',
    home: '前往 Nearcast',
  },
  es: {
    lang: 'es-ES',
    title: 'Este enlace no lleva a ninguna parte',
    body: 'El enlace del video que abriste no existe o está mal escrito. La tienda sigue ahí: búscala por su nombre.',
    home: 'Ir a Nearcast',
  },
};

/** The not-found page in the language the browser asks for (English otherwise). */
export function missingLinkPage(acceptLanguage: string | undefined): { lang: ApiLanguage; html: string } {
  const lang = apiLanguageOf(acceptLanguage);
  const words = WORDS[lang];
  const html = `<!doctype html>
<html lang="${words.lang}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${words.title}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0b0b12;color:#e7e7ee;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Noto Sans SC",sans-serif}
main{max-width:26rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.35rem;margin:0 0 .75rem}
p{line-height:1.5;color:#b8b8c8;margin:0 0 1.5rem}
a{display:inline-block;padding:.7rem 1.2rem;border-radius:.6rem;background:#7c5cff;color:#fff;text-decoration:none}
</style>
</head>
<body><main><h1>${words.title}</h1><p>${words.body}</p><a href="/">${words.home}</a></main></body>
</html>`;
  return { lang, html };
}
