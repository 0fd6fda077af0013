import type { Language } from '@nearcast/contract';
import type { Executor } from '../db/client.js';
import * as courseRepo from '../modules/content/course-repository.js';
import * as contentRepo from '../modules/content/repository.js';
import { sanitizeBody } from '../modules/content/sanitize.js';

/** The code the studio membership package names as its learning course. */
export const STARTER_COURSE_CODE = 'studio-starter';

type Texts = Record<Language, { title: string; excerpt: string; body: string }>;

const DAY = 86_400_000;

/** The starter course: how a studio wins its first merchant, shoots in a shop, and publishes. */
const LESSONS: Texts[] = [
  {
    'en-US': {
      title: 'Win your first merchant',
      excerpt: 'Walk in with a finished video of their own shop: the fastest yes you will get.',
      body: `<h2>Start with one street</h2><p>Pick a street within 3 km of where you live and list ten shops that already post on social media but rarely. A taco shop, a nail salon and a bakery are ideal first clients: they sell something you can film in a minute.</p><h2>Bring the video, not a brochure</h2><p>Film 20 seconds outside the shop, let the AI tools cut it into a short, and show it on your phone when you walk in. Owners decide on what they see.</p><ul><li>Ask for five minutes, not an hour.</li><li>Show the price per month and what they get: about 150 videos.</li><li>Offer to start this week.</li></ul><p>Leave your link or QR code from the promotion tool so the owner can pay later from their own phone.</p>`,
    },
    'zh-CN': {
      title: '赢得你的第一位商家',
      excerpt: '带着他们自己店铺的成片走进去：这是最快得到同意的方法。',
      body: `<h2>从一条街开始</h2><p>在你住处 3 公里内选一条街，列出十家已经在社交媒体上发帖但更新很少的店铺。塔可店、美甲店和面包店是理想的第一批客户：它们卖的东西一分钟就能拍好。</p><h2>带视频，不带宣传册</h2><p>在店外拍 20 秒，用 AI 工具剪成短视频，走进店里时用手机给老板看。老板凭眼见做决定。</p><ul><li>只要五分钟，不要一小时。</li><li>说明每月价格和内容：约 150 条视频。</li><li>提出本周就开始。</li></ul><p>留下推广工具生成的链接或二维码，方便老板稍后用自己的手机付款。</p>`,
    },
    'es-ES': {
      title: 'Consigue tu primer comercio',
      excerpt: 'Entra con un vídeo terminado de su propia tienda: el «sí» más rápido que conseguirás.',
      body: `<h2>Empieza por una calle</h2><p>Elige una calle a menos de 3 km de tu casa y apunta diez tiendas que ya publican en redes sociales, pero poco. Una taquería, un salón de uñas y una panadería son clientes ideales: venden algo que se graba en un minuto.</p><h2>Lleva el vídeo, no un folleto</h2><p>Graba 20 segundos frente a la tienda, deja que las herramientas de IA lo conviertan en un vídeo corto y enséñalo en tu móvil al entrar. Los dueños deciden por lo que ven.</p><ul><li>Pide cinco minutos, no una hora.</li><li>Muestra el precio mensual y lo que reciben: unos 150 vídeos.</li><li>Ofrece empezar esta semana.</li></ul><p>Deja tu enlace o código QR de la herramienta de promoción para que el dueño pague después desde su móvil.</p>`,
    },
  },
  {
    'en-US': {
      title: 'Shoot in a shop',
      excerpt: 'Twenty minutes, one phone, good light: the footage a month of videos is made from.',
      body: `<h2>Before you film</h2><p>Come when the shop is quiet, ask which three products sell best, and clean the lens. Daylight from the door beats any ring light.</p><h2>The shot list</h2><ol><li>The sign and the street, five seconds.</li><li>Hands making or serving the best seller, close up.</li><li>The owner saying one sentence to camera, in their own language.</li><li>A happy customer, with permission.</li></ol><p>Hold every shot for at least five seconds and keep the phone vertical. Upload the clips to the merchant's material library the same day so the AI tools can start.</p>`,
    },
    'zh-CN': {
      title: '在店里拍摄',
      excerpt: '二十分钟、一部手机、好光线：一个月视频的素材就从这里来。',
      body: `<h2>拍摄之前</h2><p>在店里不忙的时候去，问清楚最畅销的三样产品，并擦干净镜头。门口的自然光胜过任何补光灯。</p><h2>拍摄清单</h2><ol><li>招牌和街景，五秒。</li><li>制作或端上招牌产品的手部特写。</li><li>老板用自己的语言对镜头说一句话。</li><li>征得同意后拍一位满意的顾客。</li></ol><p>每个镜头至少保持五秒，手机竖拍。当天把素材上传到商家的素材库，AI 工具就能开始工作。</p>`,
    },
    'es-ES': {
      title: 'Graba en una tienda',
      excerpt: 'Veinte minutos, un móvil y buena luz: el material del que salen los vídeos de un mes.',
      body: `<h2>Antes de grabar</h2><p>Ve cuando la tienda esté tranquila, pregunta cuáles son los tres productos que más se venden y limpia la lente. La luz natural de la puerta supera a cualquier aro de luz.</p><h2>La lista de planos</h2><ol><li>El cartel y la calle, cinco segundos.</li><li>Manos preparando o sirviendo el producto estrella, en primer plano.</li><li>El dueño diciendo una frase a cámara, en su idioma.</li><li>Un cliente contento, con permiso.</li></ol><p>Mantén cada plano al menos cinco segundos y el móvil en vertical. Sube los clips a la biblioteca de materiales del comercio ese mismo día para que las herramientas de IA empiecen.</p>`,
    },
  },
  {
    'en-US': {
      title: 'Publish and report',
      excerpt: 'Five videos a day in three languages, then a monthly report the owner understands.',
      body: `<h2>The daily rhythm</h2><p>Publish about five videos a day: two in English, two in Spanish and one in Chinese, to TikTok, YouTube Shorts and a Chinese platform. Target people within 3 km of the shop.</p><h2>What to watch</h2><ul><li>Plays and shares tell you which hook works; reuse it.</li><li>Comments asking for prices or hours mean the video sells: answer them within a day.</li></ul><h2>The monthly report</h2><p>Send the owner one page: videos published, views, the best video, and one thing you will try next month. Renewals come from owners who can see the work.</p>`,
    },
    'zh-CN': {
      title: '发布与汇报',
      excerpt: '每天三种语言五条视频，每月一份老板看得懂的报告。',
      body: `<h2>每日节奏</h2><p>每天发布约五条视频：两条英文、两条西班牙文、一条中文，发到 TikTok、YouTube Shorts 和一个中文平台。目标是店铺 3 公里内的人群。</p><h2>关注什么</h2><ul><li>播放和分享告诉你哪个开头有效，继续沿用。</li><li>询问价格或营业时间的评论说明视频在带货：一天内回复。</li></ul><h2>月度报告</h2><p>给老板发一页纸：发布数量、播放量、最佳视频，以及下个月要尝试的一件事。看得见成果的老板才会续费。</p>`,
    },
    'es-ES': {
      title: 'Publica e informa',
      excerpt: 'Cinco vídeos al día en tres idiomas y un informe mensual que el dueño entienda.',
      body: `<h2>El ritmo diario</h2><p>Publica unos cinco vídeos al día: dos en inglés, dos en español y uno en chino, en TikTok, YouTube Shorts y una plataforma china. Dirígete a la gente a menos de 3 km de la tienda.</p><h2>Qué mirar</h2><ul><li>Las reproducciones y los compartidos te dicen qué gancho funciona: repítelo.</li><li>Los comentarios que preguntan precios u horarios significan que el vídeo vende: respóndelos en un día.</li></ul><h2>El informe mensual</h2><p>Envía al dueño una página: vídeos publicados, visualizaciones, el mejor vídeo y una cosa que probarás el mes que viene. Las renovaciones llegan de dueños que ven el trabajo.</p>`,
    },
  },
];

const COURSE: Record<Language, { title: string; description: string }> = {
  'en-US': { title: 'Studio starter', description: 'Your first month as an AI studio: win a merchant, shoot in the shop, publish and report.' },
  'zh-CN': { title: '工作室入门', description: '作为 AI 工作室的第一个月：赢得商家、在店里拍摄、发布与汇报。' },
  'es-ES': { title: 'Primeros pasos del estudio', description: 'Tu primer mes como estudio de IA: consigue un comercio, graba en la tienda, publica e informa.' },
};

const ARTICLES: Texts = {
  'en-US': {
    title: 'Why 3 km is the only distance that matters',
    excerpt: 'Local shops do not need a million views. They need the people who can walk in today.',
    body: `<p>A bakery's customers live close by. Short videos aimed at people within 3 km of the store turn views into visits, and the owner sees it at the till within weeks.</p><blockquote><p>Ten thousand local views beat a million far away.</p></blockquote><p>That is why every Nearcast plan targets the neighbourhood first.</p>`,
  },
  'zh-CN': {
    title: '为什么 3 公里是唯一重要的距离',
    excerpt: '本地小店不需要百万播放，需要的是今天就能走进店里的人。',
    body: `<p>面包店的顾客就住在附近。面向店铺 3 公里内人群的短视频能把播放变成到店，老板几周内就能在收银台看到变化。</p><blockquote><p>一万个本地播放，胜过一百万个远方播放。</p></blockquote><p>这就是每个 Nearcast 方案都优先锁定周边社区的原因。</p>`,
  },
  'es-ES': {
    title: 'Por qué 3 km es la única distancia que importa',
    excerpt: 'Las tiendas de barrio no necesitan un millón de visitas. Necesitan a quien puede entrar hoy.',
    body: `<p>Los clientes de una panadería viven cerca. Los vídeos cortos dirigidos a quienes están a menos de 3 km convierten visualizaciones en visitas, y el dueño lo nota en la caja en pocas semanas.</p><blockquote><p>Diez mil visitas locales valen más que un millón lejanas.</p></blockquote><p>Por eso cada plan de Nearcast se dirige primero al barrio.</p>`,
  },
};

// The studio pitch's per-client claim is spec §9's 100 videos per month per client, as a floor,
// like the landing page's (apps/web/src/features/home/links.ts): a merchant's own texts say about
// 150 a month, 5 a day.
const LANDING: Texts = {
  'en-US': {
    title: 'Open your own AI traffic studio',
    excerpt: 'A one-person studio serving local businesses: about $700 per client a month, 100 places per city.',
    body: `<h2>Why now</h2><p>Shop owners know they need video and have no time to make it. With free AI tools you make 100+ videos a month for each client.</p><ul><li>Join for about $1,000 and pay it back in under 2 months.</li><li>20 clients give about $14,000 a month.</li><li>Only 100 studio places per city.</li></ul><p>Choose the studio membership and start this week.</p>`,
  },
  'zh-CN': {
    title: '开一家你自己的 AI 流量工作室',
    excerpt: '服务本地商家的一人工作室：每位客户每月约 700 美元，每城限 100 席。',
    body: `<h2>为什么是现在</h2><p>店主知道需要视频，却没时间制作。借助免费的 AI 工具，你每月可为每位客户制作 100+ 条视频。</p><ul><li>加入约 1000 美元，不到 2 个月回本。</li><li>20 位客户每月约 14000 美元。</li><li>每城仅 100 个工作室名额。</li></ul><p>选择工作室会员，本周就开始。</p>`,
  },
  'es-ES': {
    title: 'Abre tu propio estudio de tráfico con IA',
    excerpt: 'Un estudio unipersonal para negocios locales: unos 700 $ por cliente al mes, 100 plazas por ciudad.',
    body: `<h2>Por qué ahora</h2><p>Los dueños de tiendas saben que necesitan vídeo y no tienen tiempo de hacerlo. Con herramientas de IA gratuitas haces más de 100 vídeos al mes por cliente.</p><ul><li>Únete por unos 1000 $ y recupéralo en menos de 2 meses.</li><li>20 clientes dan unos 14 000 $ al mes.</li><li>Solo 100 plazas de estudio por ciudad.</li></ul><p>Elige la membresía de estudio y empieza esta semana.</p>`,
  },
};

const LIVE: { texts: Texts; startInDays: number; hour: number; timeZone: string; offset: string; minutes: number }[] = [
  {
    startInDays: 5,
    hour: 18,
    timeZone: 'America/Los_Angeles',
    offset: '-08:00',
    minutes: 60,
    texts: {
      'en-US': { title: 'Live: filming a taco shop from start to finish', excerpt: 'Watch a studio shoot a month of footage in twenty minutes, and ask questions.', body: '<p>Bring your questions about lighting, sound and what to say to the owner.</p>' },
      'zh-CN': { title: '直播：从头到尾拍一家塔可店', excerpt: '看一家工作室如何在二十分钟内拍完一个月的素材，并现场提问。', body: '<p>带上你关于光线、声音以及如何与老板沟通的问题。</p>' },
      'es-ES': { title: 'En directo: grabamos una taquería de principio a fin', excerpt: 'Mira cómo un estudio graba el material de un mes en veinte minutos y pregunta.', body: '<p>Trae tus preguntas sobre luz, sonido y qué decirle al dueño.</p>' },
    },
  },
  {
    startInDays: 12,
    hour: 10,
    timeZone: 'Asia/Shanghai',
    offset: '+08:00',
    minutes: 45,
    texts: {
      'en-US': { title: 'Live Q&A: your first month as a studio', excerpt: 'Agents and studios answer everything about the first 30 days.', body: '<p>An open hour with two studios that passed 20 clients.</p>' },
      'zh-CN': { title: '直播问答：工作室的第一个月', excerpt: '代理和工作室解答前 30 天的所有问题。', body: '<p>与两家已超过 20 位客户的工作室交流一小时。</p>' },
      'es-ES': { title: 'Preguntas en directo: tu primer mes como estudio', excerpt: 'Agentes y estudios responden todo sobre los primeros 30 días.', body: '<p>Una hora abierta con dos estudios que superaron los 20 clientes.</p>' },
    },
  },
  {
    startInDays: -7,
    hour: 17,
    timeZone: 'America/New_York',
    offset: '-05:00',
    minutes: 60,
    texts: {
      'en-US': { title: 'Live replay: writing hooks that sell', excerpt: 'The first three seconds decide everything.', body: '<p>This event has ended; the recording is on its way.</p>' },
      'zh-CN': { title: '直播回顾：写出能带货的开头', excerpt: '前三秒决定一切。', body: '<p>本场直播已结束，回放即将上线。</p>' },
      'es-ES': { title: 'Repetición: ganchos que venden', excerpt: 'Los tres primeros segundos lo deciden todo.', body: '<p>Este evento ha terminado; la grabación llegará pronto.</p>' },
    },
  },
];

const LANGUAGES: Language[] = ['en-US', 'zh-CN', 'es-ES'];

/** A date's calendar day `days` from now, at `hour` in a zone with the given UTC offset. */
function zoned(days: number, hour: number, offset: string): Date {
  const day = new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${offset}`);
}

/**
 * Demo content: the starter course in three languages (open to studios, agents and operators,
 * and the studio membership's learning course), a few published articles, live events (two
 * upcoming, one ended) and a landing page — each in three linked languages. Bodies go through
 * the same sanitizer as the editor's.
 */
export async function seedContent(ex: Executor, authorId: number, authorName: string): Promise<void> {
  const published = new Date(Date.now() - 3 * DAY);
  const add = async (type: 'article' | 'live' | 'landing', texts: Texts, extra: Partial<contentRepo.NewContentItemRow> = {}) => {
    const ids: number[] = [];
    for (const language of LANGUAGES) {
      const { title, excerpt, body } = texts[language];
      const row = await contentRepo.insertContent(ex, {
        type,
        status: 'published',
        title,
        excerpt,
        bodyHtml: sanitizeBody(body).html,
        language,
        tags: type === 'live' ? ['live'] : ['starter'],
        authorId,
        authorName,
        publishedAt: published,
        translationGroup: ids[0] ?? null,
        ...extra,
      });
      if (ids.length === 0) await contentRepo.updateContent(ex, row.id, { translationGroup: row.id });
      ids.push(row.id);
    }
    return ids;
  };

  const lessonIds = [];
  for (const lesson of LESSONS) lessonIds.push(await add('article', lesson));
  await add('article', ARTICLES);
  await add('landing', LANDING, { link: '/plans' });
  for (const live of LIVE) {
    await add('live', live.texts, {
      liveStart: zoned(live.startInDays, live.hour, live.offset),
      liveTimeZone: live.timeZone,
      liveDurationMinutes: live.minutes,
      link: 'https://live.nearcast.example/room',
    });
  }

  for (const [index, language] of LANGUAGES.entries()) {
    const course = await courseRepo.insertCourse(ex, {
      code: STARTER_COURSE_CODE,
      language,
      title: COURSE[language].title,
      description: COURSE[language].description,
      openRoles: ['studio', 'partner', 'operator'],
      status: 'published',
      authorId,
      authorName,
      publishedAt: published,
    });
    if (!course) throw new Error(`demo course ${STARTER_COURSE_CODE} (${language}) already exists`);
    await courseRepo.replaceLessons(
      ex,
      course.id,
      lessonIds.map((group) => group[index]!),
    );
  }
}
