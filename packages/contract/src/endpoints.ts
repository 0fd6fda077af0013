import type { z } from 'zod';
import * as account from './account.js';
import * as area from './area.js';
import * as audit from './audit.js';
import * as finance from './finance.js';
import * as financeRecords from './finance-records.js';
import * as footage from './footage.js';
import * as content from './content.js';
import * as creative from './creative.js';
import * as creativeDesk from './creative-desk.js';
import * as creativeLearning from './creative-learning.js';
import * as creativeInsights from './creative-insights.js';
import * as dashboard from './dashboard.js';
import * as onboarding from './onboarding.js';
import * as notification from './notification.js';
import * as org from './org.js';
import * as payment from './payment.js';
import * as pricing from './pricing.js';
import * as settlement from './settlement.js';
import * as upload from './upload.js';
import { UPLOAD_FILE_FIELD } from './upload.js';
import * as verification from './verification.js';
import * as promotion from './promotion.js';
import * as attribution from './attribution.js';
import * as report from './report.js';
import * as video from './video.js';
import * as waitlist from './waitlist.js';
import { empty, ok, refuseUnsafeStrings } from './fields.js';
import {
  BRIEF_EDITORS,
  CLIENT_ONLY,
  EARNERS,
  EARNERS_AND_STAFF,
  MAKERS,
  MANAGERS,
  MATERIAL_MARKERS,
  MATERIAL_OWNERS,
  MATERIAL_READERS,
  PARTNER_ONLY,
  PAYING,
  SHOP_SIDE,
  STAFF,
  STUDIO_ONLY,
  SUPER_ONLY,
  TEAM,
  WORKERS,
  type Access,
} from './roles.js';

/**
 * What an endpoint says beside its schemas. Plan gating (docs/decisions/053): a client or a
 * studio needs an active plan for every signed-in endpoint, except the few marked
 * `OPEN_TO_UNPAID` below, which an unpaid or lapsed account needs to manage itself and to pay.
 * Public endpoints answer anyone, so they answer an unpaid account too without the mark.
 */
interface EndpointOptions {
  openToUnpaid?: boolean;
}

/** The mark of an endpoint an unpaid or lapsed client or studio may still call. */
const OPEN_TO_UNPAID = { openToUnpaid: true } as const satisfies EndpointOptions;

/**
 * One API call: its path under /api, the schemas of both directions (a JSON body), and who may
 * call it. `access` is the only statement of an endpoint's roles: the server's `route()` enforces
 * it and the web's `can()` reads it (docs/decisions/091). What depends on the data (which
 * merchant, which tree) is the server's `access/` folder's to check.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, A extends Access = Access> {
  kind: 'json';
  path: string;
  request: Req;
  response: Res;
  access: A;
  /** A client or studio without an active plan may call it (see EndpointOptions). */
  openToUnpaid: boolean;
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType, const A extends Access>(
  path: string,
  request: Req,
  response: Res,
  access: A,
  options: EndpointOptions = {},
): Endpoint<Req, Res, A> {
  // The shared text type refuses control characters and unpaired surrogates; this catches a string a schema declares bare.
  return { kind: 'json', path, request: request.superRefine(refuseUnsafeStrings), response, access, openToUnpaid: options.openToUnpaid ?? false };
}

/**
 * A call whose body is multipart form data: one streamed file in `fileField` and plain form
 * fields (strings) before it. It has no JSON `request` schema on purpose, so code that
 * walks the API sending JSON bodies must tell the two kinds apart by `kind`.
 */
export interface MultipartEndpoint<Fields extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  kind: 'multipart';
  path: string;
  fileField: string;
  fields: Fields;
  response: Res;
  /** A file is always somebody's: a multipart endpoint is never public. */
  access: Exclude<Access, 'public'>;
  /** A client or studio without an active plan may call it (see EndpointOptions). */
  openToUnpaid: boolean;
}

function multipartEndpoint<Fields extends z.ZodType, Res extends z.ZodType>(
  path: string,
  fields: Fields,
  response: Res,
  access: Exclude<Access, 'public'>,
  options: EndpointOptions = {},
): MultipartEndpoint<Fields, Res> {
  return { kind: 'multipart', path, fileField: UPLOAD_FILE_FIELD, fields, response, access, openToUnpaid: options.openToUnpaid ?? false };
}

export type AnyEndpoint = Endpoint | MultipartEndpoint;

export function isMultipartEndpoint(endpoint: AnyEndpoint): endpoint is MultipartEndpoint {
  return endpoint.kind === 'multipart';
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends AnyEndpoint> = z.output<E['response']>;
export type FieldsOf<E extends MultipartEndpoint> = z.output<E['fields']>;

/** The API of spec §7, area by area. Paths are exact; the few additions are ours (design.md). */
export const api = {
  account: {
    login: endpoint('/v1/account/login', account.loginRequest, account.loginResponse, 'public'),
    sign: endpoint('/v1/account/sign', account.signRequest, account.loginResponse, 'public'),
    detail: endpoint('/v1/account/detail', empty, account.currentUser, '*', OPEN_TO_UNPAID),
    logout: endpoint('/v1/account/logout', empty, ok, '*', OPEN_TO_UNPAID),
    psd: endpoint('/v1/account/psd', account.changePasswordRequest, ok, '*', OPEN_TO_UNPAID),
    forget: endpoint('/v1/account/forget', account.forgetRequest, ok, 'public'),
    update: endpoint('/v1/account/update', account.updateProfileRequest, account.currentUser, '*', OPEN_TO_UNPAID),
    devices: endpoint('/v1/account/devices', empty, account.devicesResponse, '*', OPEN_TO_UNPAID),
    revokeDevice: endpoint('/v1/account/devices/revoke', account.revokeDeviceRequest, ok, '*', OPEN_TO_UNPAID),
    /** Ours: signs out every other device of the caller at once, keeping the one asking. */
    revokeOtherDevices: endpoint('/v1/account/devices/revoke-others', empty, account.revokeOthersResponse, '*', OPEN_TO_UNPAID),
    // Account management (super only).
    list: endpoint('/v1/account/list', org.accountListRequest, org.accountListResponse, SUPER_ONLY),
    get: endpoint('/v1/account/get', org.byIdRequest, org.accountSummary, SUPER_ONLY),
    add: endpoint('/v1/account/add', org.accountCreateRequest, org.accountSummary, SUPER_ONLY),
    edit: endpoint('/v1/account/edit', org.accountEditRequest, org.accountSummary, SUPER_ONLY),
    // Settle information after payment (spec §7 "/area"): gated like the rest, as spec §4 sends
    // only a paid account to the settle form.
    area: endpoint('/v1/account/area', onboarding.settleRequest, account.currentUser, PAYING),
  },
  price: {
    add: endpoint('/v1/price/add', pricing.priceAddRequest, pricing.pricePackage, SUPER_ONLY),
    update: endpoint('/v1/price/update', pricing.priceUpdateRequest, pricing.pricePackage, SUPER_ONLY),
    list: endpoint('/v1/price/list', pricing.priceListRequest, pricing.priceListResponse, 'public'),
    delete: endpoint('/v1/price/delete', pricing.priceByIdRequest, ok, SUPER_ONLY),
    get: endpoint('/v1/price/get', pricing.priceByIdRequest, pricing.pricePackage, 'public'),
  },
  payment: {
    stripe: endpoint('/v1/payment/stripe', payment.checkoutRequest, payment.checkoutResponse, PAYING, OPEN_TO_UNPAID),
    callback: endpoint('/v1/payment/stripe/callback', payment.verifyRequest, payment.verifyResponse, '*', OPEN_TO_UNPAID),
    places: endpoint('/v1/payment/places', payment.placesRequest, payment.placesResponse, '*', OPEN_TO_UNPAID),
    plan: endpoint('/v1/payment/plan', empty, payment.myPlanResponse, PAYING, OPEN_TO_UNPAID),
  },
  contact: {
    add: endpoint('/v1/contact/add', onboarding.contactRequest, onboarding.contact, 'public'),
    list: endpoint('/v1/contact/list', onboarding.contactListRequest, onboarding.contactListResponse, STAFF),
  },
  proxy: {
    list: endpoint('/v1/proxy/list', org.agentListRequest, org.agentListResponse, MANAGERS),
    count: endpoint('/v1/proxy/count', empty, org.agentCountResponse, MANAGERS),
    add: endpoint('/v1/proxy/add', org.agentAddRequest, org.agentSummary, MANAGERS),
    switch: endpoint('/v1/proxy/switch', org.agentSwitchRequest, org.agentSummary, STAFF),
    // One agent with its tree totals, for its detail drawer (ours; the list row holds the same).
    get: endpoint('/v1/proxy/get', org.byIdRequest, org.agentSummary, MANAGERS),
  },
  studio: {
    list: endpoint('/v1/studio/list', org.studioListRequest, org.studioListResponse, MANAGERS),
    count: endpoint('/v1/studio/count', empty, org.countResponse, MANAGERS),
    proxy: endpoint('/v1/studio/proxy', org.studioAssignRequest, org.studioSummary, MANAGERS),
    top: endpoint('/v1/studio/top', org.studioTopRequest, org.studioTopResponse, MANAGERS),
  },
  client: {
    list: endpoint('/v1/client/list', org.clientListRequest, org.clientListResponse, TEAM),
    count: endpoint('/v1/client/count', empty, org.countResponse, TEAM),
    proxy: endpoint('/v1/client/proxy', org.clientAgentRequest, org.accountSummary, MANAGERS),
    studio: endpoint('/v1/client/studio', org.clientStudioRequest, org.clientStudioResponse, TEAM),
    studioSet: endpoint('/v1/client/studio/set', org.clientStudioSetRequest, org.accountSummary, MANAGERS),
    operator: endpoint('/v1/client/operator', org.clientOperatorRequest, org.accountSummary, MANAGERS),
    all: endpoint('/v1/client/all', org.pickerRequest, org.pickerResponse, TEAM),
    pay: endpoint('/v1/client/pay', org.clientPayRequest, org.clientPayResponse, TEAM),
    // One client in full, for its detail drawer (ours).
    get: endpoint('/v1/client/get', org.byIdRequest, org.clientDetail, TEAM),
  },
  operator: {
    add: endpoint('/v1/operator/add', org.operatorAddRequest, org.operatorSummary, PARTNER_ONLY),
    list: endpoint('/v1/operator/list', org.operatorListRequest, org.operatorListResponse, MANAGERS),
    // Edit, disable and enable an employee (ours; the spec lists only add and list).
    edit: endpoint('/v1/operator/edit', org.operatorEditRequest, org.operatorSummary, PARTNER_ONLY),
  },
  promotion: {
    link: endpoint('/v1/promotion/link', empty, org.promotionLinkResponse, EARNERS_AND_STAFF),
    visit: endpoint('/v1/promotion/visit', promotion.promotionVisitRequest, ok, 'public'),
    stats: endpoint('/v1/promotion/stats', promotion.promotionStatsRequest, promotion.promotionStatsResponse, EARNERS_AND_STAFF),
  },
  // A video's short link and the customers it brought back (ours; docs/decisions/083).
  attribution: {
    linkGet: endpoint('/v1/attribution/link/get', attribution.attributionLinkRequest, attribution.attributionLink, SHOP_SIDE),
    redemptionAdd: endpoint('/v1/attribution/redemption/add', attribution.attributionRedemptionAddRequest, attribution.attributionRedemptionAddResponse, SHOP_SIDE),
    redemptionList: endpoint('/v1/attribution/redemption/list', attribution.attributionRedemptionListRequest, attribution.attributionRedemptionListResponse, SHOP_SIDE),
  },
  base: {
    send: endpoint('/v1/base/send', account.sendCodeRequest, account.sendCodeResponse, 'public'),
    // A temporary upload (spec §7: multipart form data, field `file`); a later call claims it.
    ossTemp: multipartEndpoint('/v1/base/oss/temp', upload.uploadFields, upload.uploadResponse, '*'),
    // Spec §7 "Video URL": a signed, expiring URL of a post's final video.
    video: endpoint('/v1/base/video', video.baseVideoRequest, video.baseVideoResponse, SHOP_SIDE),
  },
  // Ours (spec §2 names the /verification page, not its calls): payout details and corrections.
  verification: {
    mine: endpoint('/v1/verification/mine', empty, verification.myVerificationResponse, EARNERS),
    submit: endpoint('/v1/verification/submit', verification.verificationSubmitRequest, verification.payoutVerification, EARNERS),
    list: endpoint('/v1/verification/list', verification.verificationListRequest, verification.verificationListResponse, STAFF),
    get: endpoint('/v1/verification/get', verification.verificationByIdRequest, verification.verificationReviewRow, STAFF),
    approve: endpoint('/v1/verification/approve', verification.verificationByIdRequest, verification.verificationReviewRow, STAFF),
    reject: endpoint('/v1/verification/reject', verification.verificationRejectRequest, verification.verificationReviewRow, STAFF),
    business: endpoint('/v1/verification/business', empty, verification.businessResponse, CLIENT_ONLY),
    correction: endpoint('/v1/verification/correction', verification.correctionAddRequest, verification.correction, CLIENT_ONLY),
    corrections: endpoint('/v1/verification/corrections', verification.correctionListRequest, verification.correctionListResponse, STAFF),
    resolve: endpoint('/v1/verification/correction/resolve', verification.correctionResolveRequest, verification.correctionReviewRow, STAFF),
  },
  // Ours: a studio's or an agent's application to be paid its available balance, and staff's decision.
  // Ours (spec §2 /finance, §3 Finance record): the read side of finance for every role.
  finance: {
    records: endpoint('/v1/finance/records', financeRecords.financeRecordsRequest, financeRecords.financeRecordsResponse, '*'),
    balance: endpoint('/v1/finance/balance', financeRecords.balanceRequest, financeRecords.balanceResponse, EARNERS_AND_STAFF),
    platform: endpoint('/v1/finance/platform', empty, financeRecords.platformSummaryResponse, STAFF),
    receipt: endpoint('/v1/finance/receipt', financeRecords.receiptRequest, financeRecords.receiptResponse, '*'),
    // Commission rules (versioned; super edits, a change applies to later payments) and settings.
    rules: endpoint('/v1/finance/rules', empty, finance.commissionRulesResponse, STAFF),
    rulesUpdate: endpoint('/v1/finance/rules/update', finance.commissionRuleUpdateRequest, finance.commissionRulesResponse, SUPER_ONLY),
    settings: endpoint('/v1/finance/settings', empty, finance.financeSettings, STAFF),
    settingsUpdate: endpoint('/v1/finance/settings/update', finance.financeSettingsUpdateRequest, finance.financeSettings, SUPER_ONLY),
    // Staff refund a payment in full or in part; its refunds so far.
    refund: endpoint('/v1/finance/refund', finance.refundRequest, finance.refundResponse, STAFF),
    refunds: endpoint('/v1/finance/refunds', finance.paymentRefundsRequest, finance.paymentRefundsResponse, STAFF),
  },
  /** The staff audit log: super admins read it and check its chain (decision 059). */
  // Ours: a merchant's monthly report, built on the first of the next month.
  report: {
    monthlyList: endpoint('/v1/report/monthly/list', report.monthlyReportListRequest, report.monthlyReportListResponse, '*'),
    monthlyGet: endpoint('/v1/report/monthly/get', report.monthlyReportGetRequest, report.monthlyReport, '*'),
  },
  audit: {
    list: endpoint('/v1/audit/list', audit.auditListRequest, audit.auditListResponse, SUPER_ONLY),
    verify: endpoint('/v1/audit/verify', empty, audit.auditVerifyResponse, SUPER_ONLY),
  },
  settlement: {
    preview: endpoint('/v1/settlement/preview', empty, settlement.settlementPreview, EARNERS),
    apply: endpoint('/v1/settlement/apply', empty, settlement.settlement, EARNERS),
    list: endpoint('/v1/settlement/list', settlement.settlementListRequest, settlement.settlementListResponse, EARNERS_AND_STAFF),
    get: endpoint('/v1/settlement/get', settlement.settlementByIdRequest, settlement.settlement, EARNERS_AND_STAFF),
    approve: endpoint('/v1/settlement/approve', settlement.settlementApproveRequest, settlement.settlement, STAFF),
    reject: endpoint('/v1/settlement/reject', settlement.settlementDecisionRequest, settlement.settlement, STAFF),
    fail: endpoint('/v1/settlement/fail', settlement.settlementDecisionRequest, settlement.settlement, STAFF),
  },
  // The material center (spec §7 add, list, delete, count; the rest ours, docs/decisions/027).
  footage: {
    add: endpoint('/v1/footage/add', footage.footageAddRequest, footage.footage, CLIENT_ONLY),
    list: endpoint('/v1/footage/list', footage.footageListRequest, footage.footageListResponse, MATERIAL_READERS),
    delete: endpoint('/v1/footage/delete', footage.footageByIdRequest, ok, MATERIAL_OWNERS),
    count: endpoint('/v1/footage/count', footage.footageCountRequest, footage.footageCountResponse, MATERIAL_READERS),
    get: endpoint('/v1/footage/get', footage.footageByIdRequest, footage.footage, MATERIAL_READERS),
    update: endpoint('/v1/footage/update', footage.footageUpdateRequest, footage.footage, MATERIAL_OWNERS),
    activate: endpoint('/v1/footage/activate', footage.footageByIdRequest, footage.footage, MATERIAL_OWNERS),
    deactivate: endpoint('/v1/footage/deactivate', footage.footageByIdRequest, footage.footage, MATERIAL_OWNERS),
    mark: endpoint('/v1/footage/mark', footage.footageMarkRequest, footage.footage, MATERIAL_MARKERS),
    storage: endpoint('/v1/footage/storage', footage.footageStorageRequest, footage.footageStorageResponse, MATERIAL_OWNERS),
  },
  // Video publishing (spec §2 /video; the calls are ours, docs/decisions/032). The workers run it
  // for the merchants in their scope; a merchant reads its own posts, their statistics and their
  // file, and answers its own approval requests; the review calls are public, the link's token
  // being their only credential.
  video: {
    platforms: endpoint('/v1/video/platforms', empty, video.videoPlatformsResponse, WORKERS),
    connections: endpoint('/v1/video/connections', video.videoConnectionsRequest, video.videoConnectionsResponse, WORKERS),
    connect: endpoint('/v1/video/connect', video.videoConnectRequest, video.videoConnectResponse, WORKERS),
    connectCallback: endpoint('/v1/video/connect/callback', video.videoConnectCallbackRequest, video.videoConnection, WORKERS),
    disconnect: endpoint('/v1/video/disconnect', video.videoConnectionByIdRequest, ok, WORKERS),
    list: endpoint('/v1/video/list', video.videoListRequest, video.videoListResponse, SHOP_SIDE),
    get: endpoint('/v1/video/get', video.videoByIdRequest, video.videoPost, SHOP_SIDE),
    add: endpoint('/v1/video/add', video.videoAddRequest, video.videoPost, WORKERS),
    update: endpoint('/v1/video/update', video.videoUpdateRequest, video.videoPost, WORKERS),
    cancel: endpoint('/v1/video/cancel', video.videoByIdRequest, video.videoPost, WORKERS),
    delete: endpoint('/v1/video/delete', video.videoByIdRequest, ok, WORKERS),
    retry: endpoint('/v1/video/job/retry', video.videoJobByIdRequest, video.videoPost, WORKERS),
    jobLink: endpoint('/v1/video/job/link', video.videoJobLinkRequest, video.videoPost, WORKERS),
    stats: endpoint('/v1/video/stats', video.videoStatsRequest, video.videoStatsResponse, SHOP_SIDE),
    // The merchant's own published videos and their numbers (its dashboard).
    mine: endpoint('/v1/video/mine', video.videoMineRequest, video.videoMineResponse, CLIENT_ONLY),
    // The merchant's own answer to an approval request, signed in (the review link's twin).
    approve: endpoint('/v1/video/approve', video.videoApproveRequest, video.videoPost, CLIENT_ONLY),
    changes: endpoint('/v1/video/changes', video.videoChangesRequest, video.videoPost, CLIENT_ONLY),
    reviewLink: endpoint('/v1/video/review/link', video.videoReviewLinkRequest, video.videoReviewLinkResponse, WORKERS),
    // Public (no sign-in): the review link's token is the only credential.
    review: endpoint('/v1/video/review/get', video.videoReviewRequest, video.videoReview, 'public'),
    reviewApprove: endpoint('/v1/video/review/approve', video.videoReviewDecisionRequest, video.videoReview, 'public'),
    reviewChanges: endpoint('/v1/video/review/changes', video.videoReviewChangesRequest, video.videoReview, 'public'),
  },
  // The production line (ours, docs/decisions/047): brief, scripts, renders, the daily plan, drafts.
  // The makers (staff for any merchant, a studio for its own) write scripts, render, run plans and
  // decide drafts; an operator reads what its merchants have; a merchant reads its own renders and
  // keeps its brief. Anything outside the caller's merchants is the scope rules' uniform not-found.
  creative: {
    briefGet: endpoint('/v1/creative/brief/get', creative.briefGetRequest, creative.brief, SHOP_SIDE),
    briefUpdate: endpoint('/v1/creative/brief/update', creative.briefUpdateRequest, creative.brief, BRIEF_EDITORS),
    scriptGenerate: endpoint('/v1/creative/script/generate', creative.scriptGenerateRequest, creative.scriptGenerateResponse, MAKERS),
    renderAdd: endpoint('/v1/creative/render/add', creative.renderAddRequest, creative.render, MAKERS),
    renderGet: endpoint('/v1/creative/render/get', creative.renderByIdRequest, creative.render, SHOP_SIDE),
    renderList: endpoint('/v1/creative/render/list', creative.renderListRequest, creative.renderListResponse, SHOP_SIDE),
    renderCancel: endpoint('/v1/creative/render/cancel', creative.renderByIdRequest, creative.render, MAKERS),
    planGet: endpoint('/v1/creative/plan/get', creative.planGetRequest, creative.plan, WORKERS),
    planUpdate: endpoint('/v1/creative/plan/update', creative.planUpdateRequest, creative.plan, MAKERS),
    planRun: endpoint('/v1/creative/plan/run', creative.planRunRequest, creative.planRunResponse, MAKERS),
    draftApprove: endpoint('/v1/creative/draft/approve', creative.draftApproveRequest, creative.render, MAKERS),
    draftReject: endpoint('/v1/creative/draft/reject', creative.draftRejectRequest, creative.render, MAKERS),
    // The review queue's actions and the script desk (docs/decisions/074).
    draftBulkApprove: endpoint('/v1/creative/draft/bulk-approve', creativeDesk.draftBulkApproveRequest, creativeDesk.draftBulkApproveResponse, MAKERS),
    renderRetry: endpoint('/v1/creative/render/retry', creativeDesk.renderRetryRequest, creative.render, MAKERS),
    scriptList: endpoint('/v1/creative/script/list', creativeDesk.scriptListRequest, creativeDesk.scriptListResponse, WORKERS),
    scriptUpdate: endpoint('/v1/creative/script/update', creativeDesk.scriptUpdateRequest, creative.script, MAKERS),
    // A script written by hand on the desk, kept from its first whole version (docs/decisions/086).
    scriptAdd: endpoint('/v1/creative/script/add', creativeDesk.scriptAddRequest, creative.script, MAKERS),
    // The plan that learns (docs/decisions/085): the studio's pins and bans per merchant.
    learningGet: endpoint('/v1/creative/learning/get', creativeLearning.learningGetRequest, creativeLearning.learningSettings, WORKERS),
    learningSet: endpoint('/v1/creative/learning/set', creativeLearning.learningSetRequest, creativeLearning.learningSettings, MAKERS),
    // What worked per choice, per merchant or across the caller's merchants (docs/decisions/084).
    insightsGet: endpoint('/v1/creative/insights/get', creativeInsights.insightsGetRequest, creativeInsights.insights, SHOP_SIDE),
  },
  area: {
    list: endpoint('/v1/area/list', area.areaListRequest, area.areaListResponse, 'public'),
    add: endpoint('/v1/area/add', area.areaAddRequest, area.area, STAFF),
    delete: endpoint('/v1/area/delete', area.areaDeleteRequest, ok, STAFF),
    zone: endpoint('/v1/area/zone', area.zoneListRequest, area.zoneListResponse, STAFF),
    zoneAll: endpoint('/v1/area/zone/all', empty, area.zoneAllResponse, '*'),
    zoneAdd: endpoint('/v1/area/zone/add', area.zoneAddRequest, area.zone, STAFF),
    zoneDelete: endpoint('/v1/area/zone/delete', area.zoneDeleteRequest, ok, STAFF),
    // A full city's waitlist: an applicant that has not paid yet joins, reads and leaves it.
    waitlistJoin: endpoint('/v1/area/waitlist/join', waitlist.waitlistJoinRequest, waitlist.waitlistEntry, STUDIO_ONLY, OPEN_TO_UNPAID),
    waitlistList: endpoint('/v1/area/waitlist/list', waitlist.waitlistListRequest, waitlist.waitlistListResponse, MAKERS, OPEN_TO_UNPAID),
    waitlistLeave: endpoint('/v1/area/waitlist/leave', waitlist.waitlistLeaveRequest, waitlist.waitlistEntry, MAKERS, OPEN_TO_UNPAID),
    /** Ours: staff reorder a city's line. */
    waitlistMove: endpoint('/v1/area/waitlist/move', waitlist.waitlistMoveRequest, waitlist.waitlistEntry, STAFF),
  },
  // Content (ours, spec §3 Content): articles and landing pages; live events also through /v1/live.
  content: {
    list: endpoint('/v1/content/list', content.contentListRequest, content.contentListResponse, STAFF),
    get: endpoint('/v1/content/get', content.contentByIdRequest, content.contentItem, STAFF),
    add: endpoint('/v1/content/add', content.contentAddRequest, content.contentItem, STAFF),
    update: endpoint('/v1/content/update', content.contentUpdateRequest, content.contentItem, STAFF),
    publish: endpoint('/v1/content/publish', content.contentByIdRequest, content.contentItem, STAFF),
    unpublish: endpoint('/v1/content/unpublish', content.contentByIdRequest, content.contentItem, STAFF),
    delete: endpoint('/v1/content/delete', content.contentByIdRequest, ok, STAFF),
    facets: endpoint('/v1/content/facets', empty, content.contentFacetsResponse, STAFF),
    // For everyone, signed in or not: published items only.
    publicList: endpoint('/v1/content/public/list', content.publicContentListRequest, content.contentListResponse, 'public'),
    publicGet: endpoint('/v1/content/public/get', content.contentByIdRequest, content.contentItem, 'public'),
  },
  // Live events (spec §7): staff manage them; `detail` is the public read of a published one.
  live: {
    add: endpoint('/v1/live/add', content.liveAddRequest, content.contentItem, STAFF),
    list: endpoint('/v1/live/list', content.liveListRequest, content.contentListResponse, STAFF),
    get: endpoint('/v1/live/get', content.contentByIdRequest, content.contentItem, STAFF),
    delete: endpoint('/v1/live/delete', content.contentByIdRequest, ok, STAFF),
    detail: endpoint('/v1/live/detail', content.contentByIdRequest, content.contentItem, 'public'),
    update: endpoint('/v1/live/update', content.liveUpdateRequest, content.contentItem, STAFF),
  },
  // Dashboard (spec §7), each scoped to the caller and read from daily rollups; activity is ours.
  dashboard: {
    total: endpoint('/v1/dashboard/total', dashboard.dashboardRequest, dashboard.dashboardTotalResponse, '*'),
    studio: endpoint('/v1/dashboard/studio', dashboard.dashboardRequest, dashboard.dashboardStudioResponse, MANAGERS),
    client: endpoint('/v1/dashboard/client', dashboard.dashboardRequest, dashboard.dashboardClientResponse, TEAM),
    pay: endpoint('/v1/dashboard/pay', dashboard.dashboardRequest, dashboard.dashboardPayResponse, '*'),
    profit: endpoint('/v1/dashboard/profit', dashboard.dashboardRequest, dashboard.dashboardProfitResponse, EARNERS_AND_STAFF),
    activity: endpoint('/v1/dashboard/activity', dashboard.dashboardActivityRequest, dashboard.dashboardActivityResponse, '*'),
  },
  // Learning center (spec §7 /v1/learn/course; the rest ours).
  learn: {
    course: endpoint('/v1/learn/course', content.learnCourseRequest, content.learnCourseResponse, TEAM),
    courseGet: endpoint('/v1/learn/course/get', content.courseByIdRequest, content.courseDetail, TEAM),
    lesson: endpoint('/v1/learn/lesson', content.lessonRequest, content.lessonDetail, TEAM),
    progress: endpoint('/v1/learn/progress', content.progressRequest, content.progressResponse, TEAM),
    // Staff build courses.
    courseList: endpoint('/v1/learn/course/list', content.courseListRequest, content.courseListResponse, STAFF),
    courseAdd: endpoint('/v1/learn/course/add', content.courseAddRequest, content.courseDetail, STAFF),
    courseUpdate: endpoint('/v1/learn/course/update', content.courseUpdateRequest, content.courseDetail, STAFF),
    coursePublish: endpoint('/v1/learn/course/publish', content.courseByIdRequest, content.courseDetail, STAFF),
    courseUnpublish: endpoint('/v1/learn/course/unpublish', content.courseByIdRequest, content.courseDetail, STAFF),
    courseDelete: endpoint('/v1/learn/course/delete', content.courseByIdRequest, ok, STAFF),
  },
  // The notification center (ours, spec §1 "notification center"; docs/decisions/038). The live
  // stream is GET NOTIFICATION_STREAM_PATH (notification.ts), outside this table of POST calls.
  notification: {
    list: endpoint('/v1/notification/list', notification.notificationListRequest, notification.notificationListResponse, '*'),
    unread: endpoint('/v1/notification/unread', empty, notification.unreadCounts, '*'),
    read: endpoint('/v1/notification/read', notification.notificationReadRequest, notification.unreadCounts, '*'),
    readAll: endpoint('/v1/notification/read/all', notification.notificationReadAllRequest, notification.unreadCounts, '*'),
    // Staff (super, admin): announcements.
    announcementList: endpoint('/v1/notification/announcement/list', notification.announcementListRequest, notification.announcementListResponse, STAFF),
    announcementGet: endpoint('/v1/notification/announcement/get', notification.announcementByIdRequest, notification.announcement, STAFF),
    announcementAdd: endpoint('/v1/notification/announcement/add', notification.announcementAddRequest, notification.announcement, STAFF),
    announcementUpdate: endpoint('/v1/notification/announcement/update', notification.announcementUpdateRequest, notification.announcement, STAFF),
    announcementDelete: endpoint('/v1/notification/announcement/delete', notification.announcementByIdRequest, ok, STAFF),
  },
} as const;
