// @vitest-environment happy-dom
import { newUser, setLanguage, setViewportWidth } from '../../../test/dom';
import { api, type BusinessDetails, type Correction, type CorrectionReviewRow, type PayoutVerification, type VerificationReviewRow } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, pageOf, renderPage, signInAs, useFakeApi } from '../../../test/page';
import { errorsIn, fill } from '../../../test/antd';
import { VerificationPage } from './verification-page';

const rejected: PayoutVerification = {
  id: 9,
  status: 'rejected',
  legal_name: 'Sol Studio LLC',
  tax_kind: 'business',
  tax_last4: '4567',
  holder_name: 'Sol Studio LLC',
  routing_last4: '0021',
  account_last4: '6789',
  document: { mime: 'image/png', url: '/files/doc-9.png?sig=abc', url_expires_at: '2099-01-01T00:00:00.000Z' },
  reject_reason: '银行账户名称与法定名称不一致',
  submit_time: '2026-11-01T08:00:00.000Z',
  review_time: '2026-11-02T08:00:00.000Z',
};

const details: BusinessDetails = {
  name: 'Carmen Ruiz',
  phone: '3105550142',
  company_short_name: 'Carmen’s Tacos',
  company_full_name: 'Carmen’s Tacos LLC',
  tax_number: '12-3456789',
  country: 'US',
  state: 'CA',
  city: 'Los Angeles',
  county: '',
  address: '1 Main St',
  zip_code: '90001',
  wechat: 'carmen_tacos',
};
const answered: Correction = { id: 3, message: '公司全称少了 LLC', status: 'resolved', note: '已补上', create_time: '2026-10-01T08:00:00.000Z', resolve_time: '2026-10-02T08:00:00.000Z' };
const waiting: Correction = { id: 4, message: '电话号码有误', status: 'open', note: '', create_time: '2026-11-01T08:00:00.000Z', resolve_time: null };

const submission: VerificationReviewRow = {
  ...rejected,
  id: 21,
  status: 'pending',
  reject_reason: null,
  review_time: null,
  account_id: 300,
  account_email: 'sol@example.com',
  account_name: 'Sol',
  role: 'studio',
  company_short_name: 'Sol Studio',
};
const correctionRow: CorrectionReviewRow = { ...waiting, account_id: 400, account_email: 'carmen@example.com', account_name: 'Carmen', company_short_name: 'Carmen’s Tacos' };

const server = new FakeApi();

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'verification']);
});
beforeEach(() => {
  setViewportWidth(1280);
  server
    .reset()
    .ok(api.verification.mine, { verification: rejected })
    .ok(api.verification.business, { details, corrections: [answered, waiting] })
    .ok(api.verification.list, pageOf([submission]))
    .ok(api.verification.corrections, pageOf([correctionRow]));
});

const show = () => renderPage(<VerificationPage />, { path: '/verification' });

describe('a studio’s payout details', () => {
  beforeEach(() => {
    signInAs('studio');
  });

  it('shows placeholders while its details are read, then a failed read with a retry', async () => {
    server.hang(api.verification.mine);
    const { unmount } = show();
    const panel = await screen.findByTestId('verification-payout');
    const placeholder = within(panel).getByTestId('verification-loading');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder.querySelector('.ant-skeleton-active')).not.toBeNull();
    expect(screen.queryByTestId('payout-panel')).toBeNull();
    unmount();

    server.sequence(api.verification.mine, [
      { code: '500', msg: '服务器繁忙', data: null },
      { code: '200', data: { verification: null } },
    ]);
    show();
    const failed = await screen.findByTestId('verification-error');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙');
    await newUser().click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('payout-none')).toBeInTheDocument();
  });

  it('asks for details never given, and will not send a first submission without its document', async () => {
    const user = newUser();
    server.ok(api.verification.mine, { verification: null });
    show();
    expect(await screen.findByTestId('payout-none')).toHaveTextContent('请添加收款资料');
    const form = screen.getByTestId('payout-form');
    await user.click(screen.getByTestId('payout-submit'));
    await waitFor(() => expect(errorsIn(form)).toEqual(['请输入法定名称', '请输入税号', '请输入账户持有人姓名', '请输入银行路由号', '请输入银行账号']));

    await fill(user, screen.getByTestId('payout-legal-name'), 'Sol Studio LLC');
    await fill(user, screen.getByTestId('payout-tax-number'), '12-3456789');
    await fill(user, screen.getByTestId('payout-holder'), 'Sol Studio LLC');
    await fill(user, screen.getByTestId('payout-routing'), '021000021');
    await fill(user, screen.getByTestId('payout-account'), '123456789');
    await user.click(screen.getByTestId('payout-submit'));
    await waitFor(() => expect(errorsIn(form)).toEqual(['请上传身份证明或营业文件']));
    expect(server.bodiesOf(api.verification.submit)).toEqual([]);
  });

  it('shows why its details were rejected, and resubmits them corrected, keeping the reviewed document', async () => {
    const user = newUser();
    server.on(api.verification.submit, () => ({ code: '200', data: { ...rejected, status: 'pending', account_last4: '4321', reject_reason: null, review_time: null } }));
    show();
    expect(await screen.findByTestId('payout-reject-reason')).toHaveTextContent('原因：银行账户名称与法定名称不一致');
    const summary = screen.getByTestId('payout-summary');
    expect(within(summary).getByTestId('payout-account-last4')).toHaveTextContent('路由号 •••• 0021 · 账号 •••• 6789');
    expect(within(summary).getByTestId('payout-document')).toHaveAttribute('href', '/files/doc-9.png?sig=abc');

    expect(screen.getByTestId('payout-edit')).toHaveTextContent('更正并重新提交');
    await user.click(screen.getByTestId('payout-edit'));
    const form = await screen.findByTestId('payout-form');
    expect(form).toHaveTextContent('修改后的资料需重新审核，通过前暂停打款。');
    expect(screen.getByTestId('payout-legal-name')).toHaveValue('Sol Studio LLC');
    await fill(user, screen.getByTestId('payout-tax-number'), '12-3456789');
    await fill(user, screen.getByTestId('payout-routing'), '0210-00021');
    await fill(user, screen.getByTestId('payout-account'), '987654321');
    await user.click(screen.getByTestId('payout-submit'));
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
    // Digits go as digits; no document, so the reviewed one stays.
    expect(server.bodiesOf(api.verification.submit)).toEqual([
      { legal_name: 'Sol Studio LLC', tax_kind: 'business', tax_number: '12-3456789', holder_name: 'Sol Studio LLC', routing_number: '021000021', account_number: '987654321' },
    ]);
    expect(await screen.findByTestId('verification-status-pending')).toHaveTextContent('审核中');
    expect(screen.getByTestId('payout-account-last4')).toHaveTextContent('账号 •••• 4321');
  });

  it('says where approved details will be paid', async () => {
    server.ok(api.verification.mine, { verification: { ...rejected, status: 'approved', reject_reason: null } });
    show();
    expect(await screen.findByTestId('verification-status-approved')).toHaveTextContent('已通过');
    // The review time in the reader's clock, in the spec's date style.
    expect(screen.getByTestId('payout-panel')).toHaveTextContent(/通过于 2026\/11\/0[12] \d{2}:\d{2}。结算将打款至尾号 •••• 6789 的账户。/);
    expect(screen.getByTestId('payout-edit')).toHaveTextContent('修改资料');
  });
});

describe('a merchant’s business details', () => {
  beforeEach(() => {
    signInAs('client');
  });

  it('shows a placeholder while its details are read', async () => {
    server.hang(api.verification.business);
    show();
    const panel = await screen.findByTestId('verification-business');
    const placeholder = within(panel).getByTestId('verification-loading');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder.querySelector('.ant-skeleton-active')).not.toBeNull();
    expect(screen.queryByTestId('business-details')).toBeNull();
  });

  it('shows its details as the settle form stored them, and its requests with staff’s answers', async () => {
    show();
    const detailsList = await screen.findByTestId('business-details');
    expect(detailsList).toHaveTextContent('Carmen’s Tacos LLC');
    expect(detailsList).toHaveTextContent('(310) 555-0142');
    expect(detailsList).toHaveTextContent('1 Main St, Los Angeles, CA, 90001, US');
    expect(screen.getByTestId('correction-3')).toHaveTextContent('已处理');
    expect(screen.getByTestId('correction-3')).toHaveTextContent('我们的回复：已补上');
    expect(screen.getByTestId('correction-4')).toHaveTextContent('待处理');
    expect(screen.getByTestId('correction-4')).not.toHaveTextContent('我们的回复');
    expect(server.unanswered).toEqual([]);
  });

  it('asks staff for a correction, after asking what to correct', async () => {
    const user = newUser();
    server.ok(api.verification.correction, { ...waiting, id: 5, message: '地址门牌号应为 10' });
    show();
    await user.click(await screen.findByTestId('correction-open'));
    await user.click(await screen.findByTestId('correction-submit'));
    expect(await screen.findByText('请说明需要更正的内容')).toBeInTheDocument();
    await fill(user, screen.getByTestId('correction-message'), '地址门牌号应为 10');
    server.clearCalls();
    await user.click(screen.getByTestId('correction-submit'));
    expect(await screen.findByText('更正申请已发送')).toBeInTheDocument();
    expect(server.bodiesOf(api.verification.correction)).toEqual([{ message: '地址门牌号应为 10' }]);
    // Its requests are read again, the new one with them.
    await waitFor(() => expect(server.bodiesOf(api.verification.business)).toHaveLength(1));
  });

  it('sends a merchant without details to the settle form', async () => {
    const user = newUser();
    server.ok(api.verification.business, { details: null, corrections: [] });
    const { router } = show();
    const incomplete = await screen.findByTestId('business-incomplete');
    expect(incomplete).toHaveTextContent('尚无企业信息');
    await user.click(within(incomplete).getByRole('button', { name: '完成入驻表单' }));
    expect(router.state.location.pathname).toBe('/settle');
  });
});

describe('the staff review queues', () => {
  beforeEach(() => {
    signInAs('admin');
  });

  it('lists the submissions waiting for review, by their last four digits only', async () => {
    show();
    const row = await screen.findByTestId('verification-row-sol@example.com');
    expect(row).toHaveTextContent('Sol Studio');
    expect(row).toHaveTextContent('AI 工作室 · sol@example.com');
    expect(row).toHaveTextContent('企业（EIN） •••• 4567');
    expect(within(row).getByTestId('verification-status-pending')).toHaveTextContent('审核中');
    expect(server.bodiesOf(api.verification.list)).toEqual([{ page: 1, page_size: 20, status: 'pending' }]);
    expect(screen.queryByTestId('verification-payout')).toBeNull();
  });

  it('is busy while the queue is read, says when nothing waits, and shows a failed read', async () => {
    server.hang(api.verification.list);
    const first = show();
    expect(await screen.findByTestId('verification-table')).toHaveAttribute('aria-busy', 'true');
    first.unmount();

    server.ok(api.verification.list, pageOf([]));
    const second = show();
    const empty = await screen.findByTestId('verification-empty');
    expect(empty).toHaveTextContent('暂无待审核');
    expect(empty).toHaveTextContent('新的提交会显示在这里，按时间先后排列。');
    second.unmount();

    server.fail(api.verification.list, '500', '服务器繁忙');
    show();
    const failed = await screen.findByTestId('list-error');
    expect(failed).toHaveTextContent('加载失败，请重试');
    expect(failed).toHaveTextContent('服务器繁忙');
  });

  it('approves a submission once confirmed', async () => {
    const user = newUser();
    server.ok(api.verification.approve, { ...submission, status: 'approved', review_time: '2026-11-03T08:00:00.000Z' });
    show();
    await user.click(await screen.findByTestId('verification-approve-21'));
    expect(await screen.findByText('通过此收款资料？')).toBeInTheDocument();
    expect(screen.getByText('之后即可向 Sol Studio LLC 支付结算款。')).toBeInTheDocument();
    server.clearCalls();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    expect(server.bodiesOf(api.verification.approve)).toEqual([{ id: 21 }]);
    await waitFor(() => expect(server.bodiesOf(api.verification.list)).toHaveLength(1));
  });

  it('rejects a submission with the reason the applicant will read', async () => {
    const user = newUser();
    server.ok(api.verification.reject, { ...submission, status: 'rejected', reject_reason: '文件模糊，请重新上传' });
    show();
    await user.click(await screen.findByTestId('verification-reject-21'));
    expect(await screen.findByText('驳回 Sol Studio LLC 的资料')).toBeInTheDocument();
    await user.click(screen.getByTestId('verification-reject-submit'));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    await fill(user, screen.getByTestId('verification-reject-reason'), '文件模糊，请重新上传');
    await user.click(screen.getByTestId('verification-reject-submit'));
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
    expect(server.bodiesOf(api.verification.reject)).toEqual([{ id: 21, reason: '文件模糊，请重新上传' }]);
  });

  it('resolves a merchant’s correction request with a note', async () => {
    const user = newUser();
    server.ok(api.verification.resolve, { ...correctionRow, status: 'resolved', note: '已改正' });
    show();
    await user.click(await screen.findByText('更正申请'));
    const row = await screen.findByTestId('correction-row-4');
    expect(row).toHaveTextContent('Carmen’s Tacos');
    expect(row).toHaveTextContent('电话号码有误');
    expect(server.bodiesOf(api.verification.corrections)).toEqual([{ page: 1, page_size: 20, status: 'open' }]);
    await user.click(within(row).getByTestId('correction-resolve-4'));
    await fill(user, await screen.findByTestId('correction-note'), '  已改正 ');
    await user.click(screen.getByTestId('correction-resolve-submit'));
    expect(await screen.findByText('已标记为已处理')).toBeInTheDocument();
    expect(server.bodiesOf(api.verification.resolve)).toEqual([{ id: 4, note: '已改正' }]);
  });
});

describe('an operator', () => {
  it('is told there is nothing to verify, and nothing is read', async () => {
    signInAs('operator');
    show();
    const nothing = await screen.findByTestId('verification-nothing');
    expect(nothing).toHaveTextContent('无需认证');
    expect(nothing).toHaveTextContent('收款认证面向工作室和代理，企业信息面向商家。您的账户两者都不需要。');
    expect(server.calls).toEqual([]);
  });
});
