import type { NotificationKind } from '@nearcast/contract';
import type { Executor } from '../db/client.js';
import * as notificationRepo from '../modules/notification/repository.js';

const DAY = 24 * 3600 * 1000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3600_000);

/**
 * Demo notifications, so every demo account's bell and center open on believable news: a few
 * announcements (one to everyone, one to studios and agents, a marketing one to merchants, one
 * scheduled) and interactive notifications like the events of the demo's story would make.
 * Written straight into the center (no mail or texts go out for them). The news of videos is
 * written with the demo's videos (seedVideoNotifications), so each one opens a post that exists.
 */
export async function seedNotifications(ex: Executor, ids: (key: string) => number | null, authorId: number): Promise<void> {
  await notificationRepo.insertAnnouncement(ex, {
    title: { 'en-US': 'Welcome to your notification center', 'es-ES': 'Bienvenido a tu centro de notificaciones', 'zh-CN': '欢迎使用通知中心' },
    body: {
      'en-US': 'News from Nearcast and everything that happens to your account now arrives here, live. Choose in your profile what also reaches you by email or SMS.',
      'es-ES': 'Las novedades de Nearcast y todo lo que pasa en tu cuenta llegan aquí, en directo. En tu perfil eliges qué te llega también por correo o SMS.',
      'zh-CN': 'Nearcast 的公告和您账户的所有动态都会实时出现在这里。您可以在个人资料中选择哪些同时通过邮件或短信发送。',
    },
    audience: ['super', 'admin', 'partner', 'studio', 'operator', 'client'],
    sendAt: ago(2),
    sentAt: ago(2),
    authorId,
  });
  const templates = await notificationRepo.insertAnnouncement(ex, {
    title: { 'en-US': 'Holiday video templates are ready', 'es-ES': 'Ya están las plantillas de vídeo navideñas', 'zh-CN': '节日视频模板已上线' },
    body: {
      'en-US': 'Twelve new templates for restaurants, salons and shops, with captions in English, Spanish and Chinese. Find them in the material center.',
      'es-ES': 'Doce plantillas nuevas para restaurantes, peluquerías y tiendas, con subtítulos en inglés, español y chino. Están en el centro de materiales.',
      'zh-CN': '为餐厅、美发店和商店准备了十二个新模板，配有英文、西班牙文和中文字幕。请在素材中心查看。',
    },
    audience: ['studio', 'partner', 'operator'],
    sendAt: ago(5),
    sentAt: ago(5),
    authorId,
  });
  await notificationRepo.insertAnnouncement(ex, {
    title: { 'en-US': 'Two extra videos a week this December', 'es-ES': 'Dos vídeos más por semana en diciembre', 'zh-CN': '十二月每周多送两条视频' },
    body: {
      'en-US': 'Renew before December 1 and your studio makes two extra holiday videos a week at no cost.',
      'es-ES': 'Renueva antes del 1 de diciembre y tu estudio hará dos vídeos navideños más por semana sin coste.',
      'zh-CN': '12 月 1 日前续费，您的工作室每周免费多制作两条节日视频。',
    },
    audience: ['client'],
    marketing: true,
    sendAt: ago(1),
    sentAt: ago(1),
    authorId,
  });
  await notificationRepo.insertAnnouncement(ex, {
    title: { 'en-US': 'Scheduled maintenance', 'es-ES': 'Mantenimiento programado', 'zh-CN': '计划维护' },
    body: {
      'en-US': 'Publishing pauses for 30 minutes on Sunday at 3 am Pacific time.',
      'es-ES': 'La publicación se detiene 30 minutos el domingo a las 3 de la mañana, hora del Pacífico.',
      'zh-CN': '太平洋时间周日凌晨 3 点，发布功能暂停 30 分钟。',
    },
    audience: ['studio', 'operator', 'client'],
    sendAt: new Date(Date.now() + 3 * DAY),
    authorId,
  });

  const client = ids('client');
  const studio = ids('studio');
  const operator = ids('operator');
  const agent = ids('agent');
  let n = 0;
  const row = (accountId: number | null, kind: NotificationKind, params: Record<string, string | number | null>, subject: { type: string; id: number } | null, at: Date, read = false) =>
    accountId === null
      ? []
      : [{ accountId, kind, dedupeKey: `demo:${(n += 1)}`, params, subjectType: subject?.type ?? null, subjectId: subject?.id ?? null, createdAt: at, readAt: read ? at : null }];
  await notificationRepo.insertNotifications(ex, [
    ...row(client, 'assigned_studio', { name: 'Sunset AI Studio' }, null, ago(20), true),
    ...row(client, 'payment_received', { amount_cents: 99_900 }, { type: 'payment', id: 1 }, ago(6)),
    ...row(studio, 'client_assigned', { name: 'Carmen’s Tacos' }, client === null ? null : { type: 'account', id: client }, ago(20), true),
    ...row(studio, 'commission_available', { amount_cents: 19_980, name: 'Carmen’s Tacos' }, { type: 'finance', id: 1 }, ago(3)),
    ...row(operator, 'client_assigned', { name: 'Carmen’s Tacos' }, client === null ? null : { type: 'account', id: client }, ago(18)),
    ...row(agent, 'commission_available', { amount_cents: 9_990, name: 'Carmen’s Tacos' }, { type: 'finance', id: 2 }, ago(3)),
  ]);
  // The studio has read the templates announcement already: the staff list shows one reader.
  if (studio !== null) await notificationRepo.insertAnnouncementRead(ex, templates.id, studio);
}

/** The demo merchant's video news, about the posts the video seed made (ids as inserted). */
export async function seedVideoNotifications(
  ex: Executor,
  merchant: { id: number; studioId: number | null; name: string },
  posts: { published: { id: number; title: string; at: Date }; approved: { id: number; title: string; at: Date }; awaiting: { id: number; title: string } },
): Promise<void> {
  const news = (accountId: number, kind: NotificationKind, params: Record<string, string | null>, postId: number, at: Date) => ({
    accountId,
    kind,
    dedupeKey: `demo:video:${kind}:${postId}`,
    params,
    subjectType: 'video_post',
    subjectId: postId,
    createdAt: at,
    readAt: null,
  });
  await notificationRepo.insertNotifications(ex, [
    news(merchant.id, 'video_published', { title: posts.published.title, platform: 'tiktok', name: merchant.name }, posts.published.id, posts.published.at),
    news(merchant.id, 'approval_requested', { title: posts.awaiting.title }, posts.awaiting.id, ago(0, 2)),
    ...(merchant.studioId === null
      ? []
      : [news(merchant.studioId, 'approval_given', { title: posts.approved.title, name: merchant.name, comment: null }, posts.approved.id, posts.approved.at)]),
  ]);
}
