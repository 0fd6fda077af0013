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

/** One API call: its path under /api and the schemas of both directions (a JSON body). */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  kind: 'json';
  path: string;
  request: Req;
  response: Res;
  /** A client or studio without an active plan may call it (see EndpointOptions). */
  openToUnpaid: boolean;
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  request: Req,
  response: Res,
  options: EndpointOptions = {},
): Endpoint<Req, Res> {
  // The shared text type refuses control characters and unpaired surrogates; this catches a string a schema declares bare.
  return { kind: 'json', path, request: request.superRefine(refuseUnsafeStrings), response, openToUnpaid: options.openToUnpaid ?? false };
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
  /** A client or studio without an active plan may call it (see EndpointOptions). */
  openToUnpaid: boolean;
}

function multipartEndpoint<Fields extends z.ZodType, Res extends z.ZodType>(
  path: string,
  fields: Fields,
  response: Res,
  options: EndpointOptions = {},
): MultipartEndpoint<Fields, Res> {
  return { kind: 'multipart', path, fileField: UPLOAD_FILE_FIELD, fields, response, openToUnpaid: options.openToUnpaid ?? false };
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
    login: endpoint('/v1/account/login', account.loginRequest, account.loginResponse),
    sign: endpoint('/v1/account/sign', account.signRequest, account.loginResponse),
    detail: endpoint('/v1/account/detail', empty, account.currentUser, OPEN_TO_UNPAID),
    logout: endpoint('/v1/account/logout', empty, ok, OPEN_TO_UNPAID),
    psd: endpoint('/v1/account/psd', account.changePasswordRequest, ok, OPEN_TO_UNPAID),
    forget: endpoint('/v1/account/forget', account.forgetRequest, ok),
    update: endpoint('/v1/account/update', account.updateProfileRequest, account.currentUser, OPEN_TO_UNPAID),
    devices: endpoint('/v1/account/devices', empty, account.devicesResponse, OPEN_TO_UNPAID),
    revokeDevice: endpoint('/v1/account/devices/revoke', account.revokeDeviceRequest, ok, OPEN_TO_UNPAID),
    /** Ours: signs out every other device of the caller at once, keeping the one asking. */
    revokeOtherDevices: endpoint('/v1/account/devices/revoke-others', empty, account.revokeOthersResponse, OPEN_TO_UNPAID),
    // Account management (super only).
    list: endpoint('/v1/account/list', org.accountListRequest, org.accountListResponse),
    get: endpoint('/v1/account/get', org.byIdRequest, org.accountSummary),
    add: endpoint('/v1/account/add', org.accountCreateRequest, org.accountSummary),
    edit: endpoint('/v1/account/edit', org.accountEditRequest, org.accountSummary),
    // Settle information after payment (spec §7 "/area"): gated like the rest, as spec §4 sends
    // only a paid account to the settle form.
    area: endpoint('/v1/account/area', onboarding.settleRequest, account.currentUser),
  },
  price: {
    add: endpoint('/v1/price/add', pricing.priceAddRequest, pricing.pricePackage),
    update: endpoint('/v1/price/update', pricing.priceUpdateRequest, pricing.pricePackage),
    list: endpoint('/v1/price/list', pricing.priceListRequest, pricing.priceListResponse),
    delete: endpoint('/v1/price/delete', pricing.priceByIdRequest, ok),
    get: endpoint('/v1/price/get', pricing.priceByIdRequest, pricing.pricePackage),
  },
  payment: {
    stripe: endpoint('/v1/payment/stripe', payment.checkoutRequest, payment.checkoutResponse, OPEN_TO_UNPAID),
    callback: endpoint('/v1/payment/stripe/callback', payment.verifyRequest, payment.verifyResponse, OPEN_TO_UNPAID),
    places: endpoint('/v1/payment/places', payment.placesRequest, payment.placesResponse, OPEN_TO_UNPAID),
    plan: endpoint('/v1/payment/plan', empty, payment.myPlanResponse, OPEN_TO_UNPAID),
  },
  contact: {
    add: endpoint('/v1/contact/add', onboarding.contactRequest, onboarding.contact),
    list: endpoint('/v1/contact/list', onboarding.contactListRequest, onboarding.contactListResponse),
  },
  proxy: {
    list: endpoint('/v1/proxy/list', org.agentListRequest, org.agentListResponse),
    count: endpoint('/v1/proxy/count', empty, org.agentCountResponse),
    add: endpoint('/v1/proxy/add', org.agentAddRequest, org.agentSummary),
    switch: endpoint('/v1/proxy/switch', org.agentSwitchRequest, org.agentSummary),
    // One agent with its tree totals, for its detail drawer (ours; the list row holds the same).
    get: endpoint('/v1/proxy/get', org.byIdRequest, org.agentSummary),
  },
  studio: {
    list: endpoint('/v1/studio/list', org.studioListRequest, org.studioListResponse),
    count: endpoint('/v1/studio/count', empty, org.countResponse),
    proxy: endpoint('/v1/studio/proxy', org.studioAssignRequest, org.studioSummary),
    top: endpoint('/v1/studio/top', org.studioTopRequest, org.studioTopResponse),
  },
  client: {
    list: endpoint('/v1/client/list', org.clientListRequest, org.clientListResponse),
    count: endpoint('/v1/client/count', empty, org.countResponse),
    proxy: endpoint('/v1/client/proxy', org.clientAgentRequest, org.accountSummary),
    studio: endpoint('/v1/client/studio', org.clientStudioRequest, org.clientStudioResponse),
    studioSet: endpoint('/v1/client/studio/set', org.clientStudioSetRequest, org.accountSummary),
    operator: endpoint('/v1/client/operator', org.clientOperatorRequest, org.accountSummary),
    all: endpoint('/v1/client/all', org.pickerRequest, org.pickerResponse),
    pay: endpoint('/v1/client/pay', org.clientPayRequest, org.clientPayResponse),
    // One client in full, for its detail drawer (ours).
    get: endpoint('/v1/client/get', org.byIdRequest, org.clientDetail),
  },
  operator: {
    add: endpoint('/v1/operator/add', org.operatorAddRequest, org.operatorSummary),
    list: endpoint('/v1/operator/list', org.operatorListRequest, org.operatorListResponse),
    // Edit, disable and enable an employee (ours; the spec lists only add and list).
    edit: endpoint('/v1/operator/edit', org.operatorEditRequest, org.operatorSummary),
  },
  promotion: {
    link: endpoint('/v1/promotion/link', empty, org.promotionLinkResponse),
    visit: endpoint('/v1/promotion/visit', promotion.promotionVisitRequest, ok),
    stats: endpoint('/v1/promotion/stats', promotion.promotionStatsRequest, promotion.promotionStatsResponse),
  },
  // A video's short link and the customers it brought back (ours; docs/decisions/083).
  attribution: {
    linkGet: endpoint('/v1/attribution/link/get', attribution.attributionLinkRequest, attribution.attributionLink),
    redemptionAdd: endpoint('/v1/attribution/redemption/add', attribution.attributionRedemptionAddRequest, attribution.attributionRedemptionAddResponse),
    redemptionList: endpoint('/v1/attribution/redemption/list', attribution.attributionRedemptionListRequest, attribution.attributionRedemptionListResponse),
  },
  base: {
    send: endpoint('/v1/base/send', account.sendCodeRequest, account.sendCodeResponse),
    // A temporary upload (spec §7: multipart form data, field `file`); a later call claims it.
    ossTemp: multipartEndpoint('/v1/base/oss/temp', upload.uploadFields, upload.uploadResponse),
    // Spec §7 "Video URL": a signed, expiring URL of a post's final video.
    video: endpoint('/v1/base/video', video.baseVideoRequest, video.baseVideoResponse),
  },
  // Ours (spec §2 names the /verification page, not its calls): payout details and corrections.
  verification: {
    mine: endpoint('/v1/verification/mine', empty, verification.myVerificationResponse),
    submit: endpoint('/v1/verification/submit', verification.verificationSubmitRequest, verification.payoutVerification),
    list: endpoint('/v1/verification/list', verification.verificationListRequest, verification.verificationListResponse),
    get: endpoint('/v1/verification/get', verification.verificationByIdRequest, verification.verificationReviewRow),
    approve: endpoint('/v1/verification/approve', verification.verificationByIdRequest, verification.verificationReviewRow),
    reject: endpoint('/v1/verification/reject', verification.verificationRejectRequest, verification.verificationReviewRow),
    business: endpoint('/v1/verification/business', empty, verification.businessResponse),
    correction: endpoint('/v1/verification/correction', verification.correctionAddRequest, verification.correction),
    corrections: endpoint('/v1/verification/corrections', verification.correctionListRequest, verification.correctionListResponse),
    resolve: endpoint('/v1/verification/correction/resolve', verification.correctionResolveRequest, verification.correctionReviewRow),
  },
  // Ours: a studio's or an agent's application to be paid its available balance, and staff's decision.
  // Ours (spec §2 /finance, §3 Finance record): the read side of finance for every role.
  finance: {
    records: endpoint('/v1/finance/records', financeRecords.financeRecordsRequest, financeRecords.financeRecordsResponse),
    balance: endpoint('/v1/finance/balance', financeRecords.balanceRequest, financeRecords.balanceResponse),
    platform: endpoint('/v1/finance/platform', empty, financeRecords.platformSummaryResponse),
    receipt: endpoint('/v1/finance/receipt', financeRecords.receiptRequest, financeRecords.receiptResponse),
    // Commission rules (versioned; super edits, a change applies to later payments) and settings.
    rules: endpoint('/v1/finance/rules', empty, finance.commissionRulesResponse),
    rulesUpdate: endpoint('/v1/finance/rules/update', finance.commissionRuleUpdateRequest, finance.commissionRulesResponse),
    settings: endpoint('/v1/finance/settings', empty, finance.financeSettings),
    settingsUpdate: endpoint('/v1/finance/settings/update', finance.financeSettingsUpdateRequest, finance.financeSettings),
    // Staff refund a payment in full or in part; its refunds so far.
    refund: endpoint('/v1/finance/refund', finance.refundRequest, finance.refundResponse),
    refunds: endpoint('/v1/finance/refunds', finance.paymentRefundsRequest, finance.paymentRefundsResponse),
  },
  /** The staff audit log: super admins read it and check its chain (decision 059). */
  // Ours: a merchant's monthly report, built on the first of the next month.
  report: {
    monthlyList: endpoint('/v1/report/monthly/list', report.monthlyReportListRequest, report.monthlyReportListResponse),
    monthlyGet: endpoint('/v1/report/monthly/get', report.monthlyReportGetRequest, report.monthlyReport),
  },
  audit: {
    list: endpoint('/v1/audit/list', audit.auditListRequest, audit.auditListResponse),
    verify: endpoint('/v1/audit/verify', empty, audit.auditVerifyResponse),
  },
  settlement: {
    preview: endpoint('/v1/settlement/preview', empty, settlement.settlementPreview),
    apply: endpoint('/v1/settlement/apply', empty, settlement.settlement),
    list: endpoint('/v1/settlement/list', settlement.settlementListRequest, settlement.settlementListResponse),
    get: endpoint('/v1/settlement/get', settlement.settlementByIdRequest, settlement.settlement),
    approve: endpoint('/v1/settlement/approve', settlement.settlementApproveRequest, settlement.settlement),
    reject: endpoint('/v1/settlement/reject', settlement.settlementDecisionRequest, settlement.settlement),
    fail: endpoint('/v1/settlement/fail', settlement.settlementDecisionRequest, settlement.settlement),
  },
  // The material center (spec §7 add, list, delete, count; the rest ours, docs/decisions/027).
  footage: {
    add: endpoint('/v1/footage/add', footage.footageAddRequest, footage.footage),
    list: endpoint('/v1/footage/list', footage.footageListRequest, footage.footageListResponse),
    delete: endpoint('/v1/footage/delete', footage.footageByIdRequest, ok),
    count: endpoint('/v1/footage/count', footage.footageCountRequest, footage.footageCountResponse),
    get: endpoint('/v1/footage/get', footage.footageByIdRequest, footage.footage),
    update: endpoint('/v1/footage/update', footage.footageUpdateRequest, footage.footage),
    activate: endpoint('/v1/footage/activate', footage.footageByIdRequest, footage.footage),
    deactivate: endpoint('/v1/footage/deactivate', footage.footageByIdRequest, footage.footage),
    mark: endpoint('/v1/footage/mark', footage.footageMarkRequest, footage.footage),
    storage: endpoint('/v1/footage/storage', footage.footageStorageRequest, footage.footageStorageResponse),
  },
  // Video publishing (spec §2 /video; the calls are ours, docs/decisions/032).
  video: {
    platforms: endpoint('/v1/video/platforms', empty, video.videoPlatformsResponse),
    connections: endpoint('/v1/video/connections', video.videoConnectionsRequest, video.videoConnectionsResponse),
    connect: endpoint('/v1/video/connect', video.videoConnectRequest, video.videoConnectResponse),
    connectCallback: endpoint('/v1/video/connect/callback', video.videoConnectCallbackRequest, video.videoConnection),
    disconnect: endpoint('/v1/video/disconnect', video.videoConnectionByIdRequest, ok),
    list: endpoint('/v1/video/list', video.videoListRequest, video.videoListResponse),
    get: endpoint('/v1/video/get', video.videoByIdRequest, video.videoPost),
    add: endpoint('/v1/video/add', video.videoAddRequest, video.videoPost),
    update: endpoint('/v1/video/update', video.videoUpdateRequest, video.videoPost),
    cancel: endpoint('/v1/video/cancel', video.videoByIdRequest, video.videoPost),
    delete: endpoint('/v1/video/delete', video.videoByIdRequest, ok),
    retry: endpoint('/v1/video/job/retry', video.videoJobByIdRequest, video.videoPost),
    jobLink: endpoint('/v1/video/job/link', video.videoJobLinkRequest, video.videoPost),
    stats: endpoint('/v1/video/stats', video.videoStatsRequest, video.videoStatsResponse),
    // The merchant's own published videos and their numbers (its dashboard).
    mine: endpoint('/v1/video/mine', video.videoMineRequest, video.videoMineResponse),
    // The merchant's own answer to an approval request, signed in (the review link's twin).
    approve: endpoint('/v1/video/approve', video.videoApproveRequest, video.videoPost),
    changes: endpoint('/v1/video/changes', video.videoChangesRequest, video.videoPost),
    reviewLink: endpoint('/v1/video/review/link', video.videoReviewLinkRequest, video.videoReviewLinkResponse),
    // Public (no sign-in): the review link's token is the only credential.
    review: endpoint('/v1/video/review/get', video.videoReviewRequest, video.videoReview),
    reviewApprove: endpoint('/v1/video/review/approve', video.videoReviewDecisionRequest, video.videoReview),
    reviewChanges: endpoint('/v1/video/review/changes', video.videoReviewChangesRequest, video.videoReview),
  },
  // The production line (ours, docs/decisions/047): brief, scripts, renders, the daily plan, drafts.
  creative: {
    briefGet: endpoint('/v1/creative/brief/get', creative.briefGetRequest, creative.brief),
    briefUpdate: endpoint('/v1/creative/brief/update', creative.briefUpdateRequest, creative.brief),
    scriptGenerate: endpoint('/v1/creative/script/generate', creative.scriptGenerateRequest, creative.scriptGenerateResponse),
    renderAdd: endpoint('/v1/creative/render/add', creative.renderAddRequest, creative.render),
    renderGet: endpoint('/v1/creative/render/get', creative.renderByIdRequest, creative.render),
    renderList: endpoint('/v1/creative/render/list', creative.renderListRequest, creative.renderListResponse),
    renderCancel: endpoint('/v1/creative/render/cancel', creative.renderByIdRequest, creative.render),
    planGet: endpoint('/v1/creative/plan/get', creative.planGetRequest, creative.plan),
    planUpdate: endpoint('/v1/creative/plan/update', creative.planUpdateRequest, creative.plan),
    planRun: endpoint('/v1/creative/plan/run', creative.planRunRequest, creative.planRunResponse),
    draftApprove: endpoint('/v1/creative/draft/approve', creative.draftApproveRequest, creative.render),
    draftReject: endpoint('/v1/creative/draft/reject', creative.draftRejectRequest, creative.render),
    // The review queue's actions and the script desk (docs/decisions/074).
    draftBulkApprove: endpoint('/v1/creative/draft/bulk-approve', creativeDesk.draftBulkApproveRequest, creativeDesk.draftBulkApproveResponse),
    renderRetry: endpoint('/v1/creative/render/retry', creativeDesk.renderRetryRequest, creative.render),
    scriptList: endpoint('/v1/creative/script/list', creativeDesk.scriptListRequest, creativeDesk.scriptListResponse),
    scriptUpdate: endpoint('/v1/creative/script/update', creativeDesk.scriptUpdateRequest, creative.script),
    // A script written by hand on the desk, kept from its first whole version (docs/decisions/086).
    scriptAdd: endpoint('/v1/creative/script/add', creativeDesk.scriptAddRequest, creative.script),
    // The plan that learns (docs/decisions/085): the studio's pins and bans per merchant.
    learningGet: endpoint('/v1/creative/learning/get', creativeLearning.learningGetRequest, creativeLearning.learningSettings),
    learningSet: endpoint('/v1/creative/learning/set', creativeLearning.learningSetRequest, creativeLearning.learningSettings),
    // What worked per choice, per merchant or across the caller's merchants (docs/decisions/084).
    insightsGet: endpoint('/v1/creative/insights/get', creativeInsights.insightsGetRequest, creativeInsights.insights),
  },
  area: {
    list: endpoint('/v1/area/list', area.areaListRequest, area.areaListResponse),
    add: endpoint('/v1/area/add', area.areaAddRequest, area.area),
    delete: endpoint('/v1/area/delete', area.areaDeleteRequest, ok),
    zone: endpoint('/v1/area/zone', area.zoneListRequest, area.zoneListResponse),
    zoneAll: endpoint('/v1/area/zone/all', empty, area.zoneAllResponse),
    zoneAdd: endpoint('/v1/area/zone/add', area.zoneAddRequest, area.zone),
    zoneDelete: endpoint('/v1/area/zone/delete', area.zoneDeleteRequest, ok),
    // A full city's waitlist: an applicant that has not paid yet joins, reads and leaves it.
    waitlistJoin: endpoint('/v1/area/waitlist/join', waitlist.waitlistJoinRequest, waitlist.waitlistEntry, OPEN_TO_UNPAID),
    waitlistList: endpoint('/v1/area/waitlist/list', waitlist.waitlistListRequest, waitlist.waitlistListResponse, OPEN_TO_UNPAID),
    waitlistLeave: endpoint('/v1/area/waitlist/leave', waitlist.waitlistLeaveRequest, waitlist.waitlistEntry, OPEN_TO_UNPAID),
    /** Ours: staff reorder a city's line. */
    waitlistMove: endpoint('/v1/area/waitlist/move', waitlist.waitlistMoveRequest, waitlist.waitlistEntry),
  },
  // Content (ours, spec §3 Content): articles and landing pages; live events also through /v1/live.
  content: {
    list: endpoint('/v1/content/list', content.contentListRequest, content.contentListResponse),
    get: endpoint('/v1/content/get', content.contentByIdRequest, content.contentItem),
    add: endpoint('/v1/content/add', content.contentAddRequest, content.contentItem),
    update: endpoint('/v1/content/update', content.contentUpdateRequest, content.contentItem),
    publish: endpoint('/v1/content/publish', content.contentByIdRequest, content.contentItem),
    unpublish: endpoint('/v1/content/unpublish', content.contentByIdRequest, content.contentItem),
    delete: endpoint('/v1/content/delete', content.contentByIdRequest, ok),
    facets: endpoint('/v1/content/facets', empty, content.contentFacetsResponse),
    // For everyone, signed in or not: published items only.
    publicList: endpoint('/v1/content/public/list', content.publicContentListRequest, content.contentListResponse),
    publicGet: endpoint('/v1/content/public/get', content.contentByIdRequest, content.contentItem),
  },
  // Live events (spec §7): staff manage them; `detail` is the public read of a published one.
  live: {
    add: endpoint('/v1/live/add', content.liveAddRequest, content.contentItem),
    list: endpoint('/v1/live/list', content.liveListRequest, content.contentListResponse),
    get: endpoint('/v1/live/get', content.contentByIdRequest, content.contentItem),
    delete: endpoint('/v1/live/delete', content.contentByIdRequest, ok),
    detail: endpoint('/v1/live/detail', content.contentByIdRequest, content.contentItem),
    update: endpoint('/v1/live/update', content.liveUpdateRequest, content.contentItem),
  },
  // Dashboard (spec §7), each scoped to the caller and read from daily rollups; activity is ours.
  dashboard: {
    total: endpoint('/v1/dashboard/total', dashboard.dashboardRequest, dashboard.dashboardTotalResponse),
    studio: endpoint('/v1/dashboard/studio', dashboard.dashboardRequest, dashboard.dashboardStudioResponse),
    client: endpoint('/v1/dashboard/client', dashboard.dashboardRequest, dashboard.dashboardClientResponse),
    pay: endpoint('/v1/dashboard/pay', dashboard.dashboardRequest, dashboard.dashboardPayResponse),
    profit: endpoint('/v1/dashboard/profit', dashboard.dashboardRequest, dashboard.dashboardProfitResponse),
    activity: endpoint('/v1/dashboard/activity', dashboard.dashboardActivityRequest, dashboard.dashboardActivityResponse),
  },
  // Learning center (spec §7 /v1/learn/course; the rest ours).
  learn: {
    course: endpoint('/v1/learn/course', content.learnCourseRequest, content.learnCourseResponse),
    courseGet: endpoint('/v1/learn/course/get', content.courseByIdRequest, content.courseDetail),
    lesson: endpoint('/v1/learn/lesson', content.lessonRequest, content.lessonDetail),
    progress: endpoint('/v1/learn/progress', content.progressRequest, content.progressResponse),
    // Staff build courses.
    courseList: endpoint('/v1/learn/course/list', content.courseListRequest, content.courseListResponse),
    courseAdd: endpoint('/v1/learn/course/add', content.courseAddRequest, content.courseDetail),
    courseUpdate: endpoint('/v1/learn/course/update', content.courseUpdateRequest, content.courseDetail),
    coursePublish: endpoint('/v1/learn/course/publish', content.courseByIdRequest, content.courseDetail),
    courseUnpublish: endpoint('/v1/learn/course/unpublish', content.courseByIdRequest, content.courseDetail),
    courseDelete: endpoint('/v1/learn/course/delete', content.courseByIdRequest, ok),
  },
  // The notification center (ours, spec §1 "notification center"; docs/decisions/038). The live
  // stream is GET NOTIFICATION_STREAM_PATH (notification.ts), outside this table of POST calls.
  notification: {
    list: endpoint('/v1/notification/list', notification.notificationListRequest, notification.notificationListResponse),
    unread: endpoint('/v1/notification/unread', empty, notification.unreadCounts),
    read: endpoint('/v1/notification/read', notification.notificationReadRequest, notification.unreadCounts),
    readAll: endpoint('/v1/notification/read/all', notification.notificationReadAllRequest, notification.unreadCounts),
    // Staff (super, admin): announcements.
    announcementList: endpoint('/v1/notification/announcement/list', notification.announcementListRequest, notification.announcementListResponse),
    announcementGet: endpoint('/v1/notification/announcement/get', notification.announcementByIdRequest, notification.announcement),
    announcementAdd: endpoint('/v1/notification/announcement/add', notification.announcementAddRequest, notification.announcement),
    announcementUpdate: endpoint('/v1/notification/announcement/update', notification.announcementUpdateRequest, notification.announcement),
    announcementDelete: endpoint('/v1/notification/announcement/delete', notification.announcementByIdRequest, ok),
  },
} as const;
