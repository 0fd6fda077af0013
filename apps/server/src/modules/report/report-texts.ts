import type { Language } from '@nearcast/contract';

/** The words of a monthly report's PDF in each language. */
export interface ReportTexts {
  title: string;
  period: (from: string, to: string) => string;
  videos: string;
  plays: string;
  likes: string;
  comments: string;
  shares: string;
  cpm: string;
  notAvailable: string;
  change: (percent: string, month: string) => string;
  noChange: (month: string) => string;
  newThisMonth: string;
  plan: (name: string, price: string) => string;
  noPlan: string;
  platforms: string;
  platform: string;
  noVideos: string;
  top: string;
  noTop: string;
  playsOf: (plays: string) => string;
  work: string;
  materialsUsed: string;
  videosMade: string;
  approvals: string;
  footer: (date: string) => string;
  bought: string;
  visits: string;
  redemptions: string;
  costPerVisit: string;
  costPerRedemption: string;
  boughtNote: string;
  topVisits: string;
  noVisits: string;
  linkCounts: (visits: number, redemptions: number, format: (value: number) => string) => string;
  lessons: string;
  noLessons: string;
}

export const REPORT_TEXTS: Record<Language, ReportTexts> = {
  'en-US': {
    title: 'Monthly report',
    period: (from, to) => `${from} – ${to}`,
    videos: 'Videos published',
    plays: 'Plays',
    likes: 'Likes',
    comments: 'Comments',
    shares: 'Shares',
    cpm: 'Cost per 1,000 plays',
    notAvailable: 'Not available',
    change: (percent, month) => `${percent} vs ${month}`,
    noChange: (month) => `Same as ${month}`,
    newThisMonth: 'New this month',
    plan: (name, price) => `Your plan: ${name} · ${price} a month`,
    noPlan: 'No plan was paid for this month.',
    platforms: 'By platform',
    platform: 'Platform',
    noVideos: 'No video was published this month.',
    top: 'Top videos',
    noTop: 'No video gained plays this month.',
    playsOf: (plays) => `${plays} plays`,
    work: 'What your studio did',
    materialsUsed: 'Materials used',
    videosMade: 'Videos made',
    approvals: 'Videos you approved',
    footer: (date) => `Figures count the calendar month in UTC, as your dashboard does. Built on ${date}.`,
    bought: 'What the money bought',
    visits: 'Link visits',
    redemptions: 'Redemptions',
    costPerVisit: 'Cost per visit',
    costPerRedemption: 'Cost per redemption',
    boughtNote: "Visits to your videos' short links on the month's days (a visitor once per 30 minutes, bots never) and customers recorded as redeemed at the counter; costs are your plan's month price over each.",
    topVisits: 'Videos that brought the most visits',
    noVisits: 'No link visits were counted this month.',
    linkCounts: (visits, redemptions, format) => `${format(visits)} ${visits === 1 ? 'visit' : 'visits'} · ${format(redemptions)} ${redemptions === 1 ? 'redemption' : 'redemptions'}`,
    lessons: 'What the plan learned this month',
    noLessons: 'Not enough videos of each kind this month to tell what works best yet.',
  },
  'zh-CN': {
    title: '月度报告',
    period: (from, to) => `${from} 至 ${to}`,
    videos: '发布视频',
    plays: '播放量',
    likes: '点赞',
    comments: '评论',
    shares: '分享',
    cpm: '千次播放成本',
    notAvailable: '暂无数据',
    change: (percent, month) => `较 ${month} ${percent}`,
    noChange: (month) => `与 ${month} 持平`,
    newThisMonth: '本月新增',
    plan: (name, price) => `您的套餐：${name} · 每月 ${price}`,
    noPlan: '本月没有已付费的套餐。',
    platforms: '各平台数据',
    platform: '平台',
    noVideos: '本月没有发布视频。',
    top: '热门视频',
    noTop: '本月没有视频获得播放。',
    playsOf: (plays) => `${plays} 次播放`,
    work: '工作室为您做了什么',
    materialsUsed: '使用素材',
    videosMade: '制作视频',
    approvals: '您审核通过的视频',
    footer: (date) => `数据按 UTC 自然月统计，与仪表盘一致。生成于 ${date}。`,
    bought: '这笔钱带来了什么',
    visits: '链接访问',
    redemptions: '到店核销',
    costPerVisit: '每次访问成本',
    costPerRedemption: '每次核销成本',
    boughtNote: '访问按本月各天统计视频短链接的访问（同一访客 30 分钟内只计一次，不计机器人）；核销是店内登记的到店顾客；成本为套餐月费除以对应次数。',
    topVisits: '带来访问最多的视频',
    noVisits: '本月没有统计到链接访问。',
    linkCounts: (visits, redemptions, format) => `${format(visits)} 次访问 · ${format(redemptions)} 次核销`,
    lessons: '本月方案学到了什么',
    noLessons: '本月各类视频还不够多，尚难判断哪种效果最好。',
  },
  'es-ES': {
    title: 'Informe mensual',
    period: (from, to) => `${from} – ${to}`,
    videos: 'Vídeos publicados',
    plays: 'Reproducciones',
    likes: 'Me gusta',
    comments: 'Comentarios',
    shares: 'Compartidos',
    cpm: 'Coste por 1.000 reproducciones',
    notAvailable: 'No disponible',
    change: (percent, month) => `${percent} frente a ${month}`,
    noChange: (month) => `Igual que en ${month}`,
    newThisMonth: 'Nuevo este mes',
    plan: (name, price) => `Tu plan: ${name} · ${price} al mes`,
    noPlan: 'Este mes no se pagó ningún plan.',
    platforms: 'Por plataforma',
    platform: 'Plataforma',
    noVideos: 'Este mes no se publicó ningún vídeo.',
    top: 'Vídeos destacados',
    noTop: 'Ningún vídeo ganó reproducciones este mes.',
    playsOf: (plays) => `${plays} reproducciones`,
    work: 'Lo que hizo tu estudio',
    materialsUsed: 'Materiales usados',
    videosMade: 'Vídeos creados',
    approvals: 'Vídeos que aprobaste',
    footer: (date) => `Las cifras cuentan el mes natural en UTC, como tu panel. Generado el ${date}.`,
    bought: 'Lo que compró tu dinero',
    visits: 'Visitas al enlace',
    redemptions: 'Canjes',
    costPerVisit: 'Coste por visita',
    costPerRedemption: 'Coste por canje',
    boughtNote: 'Visitas a los enlaces cortos de tus vídeos en los días del mes (un visitante una vez cada 30 minutos, nunca bots) y clientes registrados como canjeados en el mostrador; los costes son el precio mensual de tu plan entre cada cifra.',
    topVisits: 'Vídeos que más visitas trajeron',
    noVisits: 'Este mes no se contó ninguna visita al enlace.',
    linkCounts: (visits, redemptions, format) => `${format(visits)} ${visits === 1 ? 'visita' : 'visitas'} · ${format(redemptions)} ${redemptions === 1 ? 'canje' : 'canjes'}`,
    lessons: 'Lo que aprendió el plan este mes',
    noLessons: 'Este mes aún no hay vídeos suficientes de cada tipo para saber qué funciona mejor.',
  },
};
