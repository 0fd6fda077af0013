import { ACCOUNT_TYPE, BILLING_PERIOD_DAYS, INFO_STATUS, PAY_STATUS } from '@nearcast/contract';
import type { Db } from '../db/client.js';
import { newReferralCode } from '../modules/account/crypto.js';
import * as accountsRepo from '../modules/account/repository.js';
import type { AccountRow, NewAccountRow } from '../modules/account/repository.js';
import * as areasRepo from '../modules/area/repository.js';
import { HistoryWriter } from '../modules/events/service.js';
import * as pricingRepo from '../modules/pricing/repository.js';
import { seedAuditHistory } from './audit-seed.js';
import { seedContent, STARTER_COURSE_CODE } from './content-seed.js';
import { seedNotifications } from './notification-seed.js';

export const DEMO_PASSWORD = 'Nearcast-demo-1';

type Demo = Omit<NewAccountRow, 'passwordHash' | 'referralCode'> & { key: string };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Los Angeles in the reference tree, when it is loaded; the names alone otherwise. */
async function losAngeles(db: Db) {
  const country = await areasRepo.findAreaByName(db, null, 'country', 'United States');
  const state = country && (await areasRepo.findAreaByName(db, country.id, 'state', 'California'));
  const city = state && (await areasRepo.findAreaByName(db, state.id, 'city', 'Los Angeles'));
  const county = city && (await areasRepo.findAreaByName(db, city.id, 'county', 'Los Angeles County'));
  return {
    country: 'United States',
    state: 'California',
    city: 'Los Angeles',
    county: 'Los Angeles County',
    countryId: country?.id ?? null,
    stateId: state?.id ?? null,
    cityId: city?.id ?? null,
    countyId: county?.id ?? null,
  };
}

/**
 * One account per role, wired to each other the way real ones would be: the agent
 * with a sub-agent, a studio and an operator; the client under that studio and operator. Their
 * arrivals are recorded as history (`account.created`), the first the dashboards replay.
 */
export async function seedDemo(db: Db, hash: (password: string) => Promise<string>): Promise<boolean> {
  if ((await accountsRepo.countAccounts(db)) > 0) return false;
  await seedPackages(db);
  const passwordHash = await hash(DEMO_PASSWORD);
  const onboarded = { payStatus: PAY_STATUS.paid, infoStatus: INFO_STATUS.complete, ...(await losAngeles(db)) };

  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    const added: AccountRow[] = [];
    const add = async ({ key, ...values }: Demo) => {
      const row = await accountsRepo.insertAccount(tx, { ...values, passwordHash, referralCode: newReferralCode() });
      if (!row) throw new Error(`demo account ${values.email} already exists`);
      ids.set(key, row.id);
      added.push(row);
      return row.id;
    };
    const id = (key: string) => ids.get(key) ?? null;

    await add({ key: 'super', email: 'super@example.com', username: 'super', name: 'Sam Super', accountType: ACCOUNT_TYPE.super, infoStatus: INFO_STATUS.complete });
    await add({ key: 'admin', email: 'admin@example.com', username: 'admin', name: 'Ada Admin', accountType: ACCOUNT_TYPE.admin, infoStatus: INFO_STATUS.complete });
    await add({
      key: 'agent', email: 'agent@example.com', username: 'agent', name: 'Alex Agent', accountType: ACCOUNT_TYPE.partner,
      agentType: 'main', agentNo: 'AG-0001', companyShortName: 'West Coast Growth', companyFullName: 'West Coast Growth LLC', ...onboarded,
    });
    await add({
      key: 'subagent', email: 'subagent@example.com', username: 'subagent', name: 'Sofia Subagent', accountType: ACCOUNT_TYPE.partner,
      agentType: 'sub', mainAgentId: id('agent'), agentNo: 'AG-0002', companyShortName: 'Valley Reach', ...onboarded,
    });
    await add({
      key: 'studio', email: 'studio@example.com', username: 'studio', name: 'Stella Studio', accountType: ACCOUNT_TYPE.studio,
      agentId: id('agent'), companyShortName: 'Sunset AI Studio', companyFullName: 'Sunset AI Studio LLC', taxNumber: '12-3456789',
      phone: '3105550101', wechat: 'sunset_ai_studio', address: '100 Sunset Blvd', zipCode: '90028',
      expireAt: inDays(BILLING_PERIOD_DAYS), orderCount: 1, consumptionCents: 100_000, firstDiscountUsed: true, ...onboarded,
    });
    await add({
      key: 'operator', email: 'operator@example.com', username: 'operator', name: 'Oscar Operator', accountType: ACCOUNT_TYPE.operator,
      agentId: id('agent'), wechat: 'oscar_ops', infoStatus: INFO_STATUS.complete,
    });
    await add({
      key: 'client', email: 'client@example.com', username: 'client', name: 'Carmen Client', accountType: ACCOUNT_TYPE.client,
      agentId: id('agent'), studioId: id('studio'), operatorId: id('operator'), companyShortName: 'Carmen’s Tacos',
      companyFullName: 'Carmen’s Tacos Inc.', taxNumber: '98-7654321', phone: '3105550199', wechat: 'carmen_tacos',
      address: '42 Main St', zipCode: '90012', expireAt: inDays(BILLING_PERIOD_DAYS), orderCount: 1, consumptionCents: 100_000,
      firstDiscountUsed: true, ...onboarded,
    });
    await add({ key: 'newclient', email: 'newclient@example.com', username: 'newclient', name: 'Nina Newclient', accountType: ACCOUNT_TYPE.client });
    // Recruited by agent@ but not paid yet: the agent can already place it under a sub-agent.
    await add({
      key: 'newstudio', email: 'newstudio@example.com', username: 'newstudio', name: 'Noah Newstudio', accountType: ACCOUNT_TYPE.studio,
      agentId: id('agent'),
    });
    // Their arrival, as staff creating them would have recorded it: the dashboards start from it.
    const history = new HistoryWriter(tx, accountsRepo.scopeOf);
    for (const row of added) {
      await history.add('account.created', { actor_id: null, subject_id: row.id, account_id: row.id, payload: { account_type: row.accountType }, at: row.createdAt });
    }
    await history.flush();
    await seedContent(tx, id('admin')!, 'Ada Admin');
    await seedNotifications(tx, id, id('admin')!);
    await seedAuditHistory(tx, id, (key) => `${key}@example.com`);
    return true;
  });
}

/**
 * Realistic packages: the merchant plan at about $1,000 a month, the studio
 * membership at about $1,000 to join, and an add-on.
 */
async function seedPackages(db: Db): Promise<void> {
  if ((await pricingRepo.countPackages(db)) > 0) return;
  const common = { status: 'enabled' as const };
  await pricingRepo.insertPackage(db, {
    ...common,
    name: 'Local Growth',
    tag: 'Most popular',
    type: 'business',
    basePriceCents: 120_000,
    actualPriceCents: 99_900,
    discountCents: 10_000,
    monthlyCredits: 150,
    // No course for merchants in the demo: a package names a course by its code (content-seed.ts).
    learningCourse: '',
    features: [
      'About 5 videos a day: 2 English, 2 Spanish, 1 Chinese',
      'About 150 videos a month on TikTok, YouTube Shorts and a Chinese platform',
      'Targeted to people within 3 km of your store',
      'A dedicated AI studio and an operator for your account',
      'Monthly performance report',
    ],
    // Its words in Chinese and Spanish (decision 020): /plans shows them to those readers.
    translations: {
      zh: {
        name: '本地增长',
        tag: '最受欢迎',
        features: [
          '每天约 5 条视频：2 条英文、2 条西班牙文、1 条中文',
          '每月约 150 条视频，发布到 TikTok、YouTube Shorts 和一个中文平台',
          '精准触达门店 3 公里范围内的人群',
          '专属 AI 工作室和运营人员服务您的账号',
          '每月效果报告',
        ],
      },
      es: {
        name: 'Crecimiento Local',
        tag: 'El más popular',
        features: [
          'Unos 5 vídeos al día: 2 en inglés, 2 en español y 1 en chino',
          'Unos 150 vídeos al mes en TikTok, YouTube Shorts y una plataforma china',
          'Dirigidos a personas a menos de 3 km de tu tienda',
          'Un estudio de IA y un operador dedicados a tu cuenta',
          'Informe mensual de resultados',
        ],
      },
    },
    sortOrder: 1,
  });
  await pricingRepo.insertPackage(db, {
    ...common,
    name: 'AI Studio Membership',
    tag: '100 places per city',
    type: 'studio',
    basePriceCents: 150_000,
    actualPriceCents: 99_900,
    discountCents: 0,
    monthlyCredits: 3_000,
    // The demo starter course (content-seed.ts): what a studio learns first.
    learningCourse: STARTER_COURSE_CODE,
    features: [
      'Free use of the AI video tools',
      'Earn about $700 per merchant per month',
      '20 merchants ≈ $14,000 a month; pays back in under 2 months',
      'Training, scripts and a regional agent to support you',
    ],
    translations: {
      zh: {
        name: 'AI 工作室会员',
        tag: '每城限 100 个名额',
        features: ['免费使用 AI 视频工具', '每服务一家商户，每月约赚 $700', '20 家商户 ≈ 每月 $14,000，不到 2 个月回本', '培训、脚本，以及区域代理的支持'],
      },
      es: {
        name: 'Membresía de Estudio de IA',
        tag: '100 plazas por ciudad',
        features: [
          'Uso gratuito de las herramientas de vídeo con IA',
          'Gana unos 700 $ al mes por cada negocio',
          '20 negocios ≈ 14.000 $ al mes; se recupera en menos de 2 meses',
          'Formación, guiones y un agente regional que te apoya',
        ],
      },
    },
    gradientStart: '#22d3ee',
    gradientEnd: '#7c5cff',
    sortOrder: 1,
  });
  await pricingRepo.insertPackage(db, {
    ...common,
    name: 'Extra Video Pack',
    tag: 'Add-on',
    type: 'addon',
    basePriceCents: 24_900,
    actualPriceCents: 19_900,
    discountCents: 0,
    monthlyCredits: 30,
    features: ['30 more videos this month', 'Any of the nine publishing platforms'],
    translations: {
      zh: { name: '额外视频包', tag: '附加服务', features: ['本月再多 30 条视频', '可发布到九个平台中的任意一个'] },
      es: { name: 'Paquete de vídeos extra', tag: 'Complemento', features: ['30 vídeos más este mes', 'En cualquiera de las nueve plataformas de publicación'] },
    },
    sortOrder: 1,
  });
}
