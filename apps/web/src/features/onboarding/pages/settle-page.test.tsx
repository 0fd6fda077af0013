// @vitest-environment happy-dom
import { newUser, setLanguage } from '../../../test/dom';
import { api, INFO_STATUS, PAY_STATUS } from '@nearcast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser } from '../../../lib/storage';
import { FakeApi, renderPage, signInAs, userOf, useFakeApi } from '../../../test/page';
import { errorsIn, fill, pick } from '../../../test/antd';
import { SettlePage } from './settle-page';
import { answerAreas, laCounty, losAngeles, sanDiego, sdCounty, settledBody, settledDetails } from './test-fixtures';

const server = new FakeApi();
const show = () => renderPage(<SettlePage />, { path: '/settle' });

/** A paid merchant who has not settled yet: nothing on file beyond its sign-up. */
const newcomer = userOf('client', { pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.incomplete, name: '', country: '', state: '', city: '', county: '' });
/** One that filled the form before (its places named) and is sent back to confirm. */
const returning = userOf('client', { pay_status: PAY_STATUS.paid, info_status: INFO_STATUS.incomplete, ...settledDetails });

/** The chosen option a select shows, by its test id. */
const chosen = (testId: string) => screen.getByTestId(testId).querySelector('.ant-select-content-has-value')?.getAttribute('title');

useFakeApi(server);

beforeAll(async () => {
  await setLanguage('zh-CN', ['common', 'onboarding']);
});
beforeEach(() => {
  answerAreas(server.reset());
});

describe('the settle page of a paid merchant, in Chinese', () => {
  it('says a merchant with complete information has nothing left to do', async () => {
    signInAs('client', { info_status: INFO_STATUS.complete });
    show();
    const done = await screen.findByTestId('settle-complete');
    expect(done).toHaveTextContent('您的信息已完善');
    expect(done).toHaveTextContent('信息齐全，您的商家已设置完成。其余内容都在控制台中。');
    expect(within(done).getByTestId('settle-go-dashboard')).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByTestId('settle-form')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('acknowledges the payment and waits for the account before drawing the form', async () => {
    signInAs('client', newcomer);
    server.hang(api.account.detail);
    show();
    const step = await screen.findByTestId('settle-step-client');
    expect(within(step).getByTestId('settle-paid')).toHaveTextContent('已收到付款 — 最后一步');
    expect(step).toHaveTextContent('您的套餐已生效。请完善商家信息，以便工作室和运营人员开始为您的门店制作视频。');
    expect(screen.getByTestId('settle-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('settle-form')).toBeNull();
  });

  it('opens with what the account holds, its places found again, and saves it', async () => {
    const user = newUser();
    signInAs('client', returning);
    server.ok(api.account.detail, returning).ok(api.account.area, { ...returning, info_status: INFO_STATUS.complete });
    const { router } = show();
    await screen.findByTestId('settle-form');
    expect(screen.getByTestId('settle-name')).toHaveValue('Carmen Ruiz');
    expect(screen.getByTestId('settle-tax')).toHaveValue('12-3456789');
    await waitFor(() => expect(chosen('settle-county')).toBe('Los Angeles County'));
    expect(chosen('settle-country')).toBe('United States');
    expect(chosen('settle-state')).toBe('California');
    expect(chosen('settle-city')).toBe('Los Angeles');

    await user.click(screen.getByTestId('settle-submit'));
    expect(await screen.findByText('信息已保存，欢迎加入！')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.area)).toEqual([settledBody]);
    expect(router.state.location.pathname).toBe('/dashboard');
    // The guard reads the stored user: it must now see the information complete.
    expect(getStoredUser()).toMatchObject({ info_status: INFO_STATUS.complete });
  });

  it('lets a newcomer fill the form, choosing its places level by level', async () => {
    const user = newUser();
    signInAs('client', newcomer);
    server.ok(api.account.detail, newcomer).ok(api.account.area, { ...newcomer, ...settledDetails, city: 'San Diego', county: 'San Diego County', info_status: INFO_STATUS.complete });
    show();
    await screen.findByTestId('settle-form');
    await fill(user, 'settle-name', 'Carmen Ruiz');
    await fill(user, 'settle-phone', '(310) 555-0142');
    await fill(user, 'settle-wechat', 'carmen_tacos');
    await fill(user, 'settle-company-short', 'Carmen’s Tacos');
    await fill(user, 'settle-company-full', 'Carmen’s Tacos LLC');
    await fill(user, 'settle-tax', '12-3456789');
    await pick(user, 'settle-country', 'United States');
    await pick(user, 'settle-state', 'California');
    await pick(user, 'settle-city', 'San Diego');
    // A city with a single county: it is chosen for the user.
    await waitFor(() => expect(chosen('settle-county')).toBe('San Diego County'));
    await fill(user, 'settle-address', '100 Sunset Blvd');
    await fill(user, 'settle-zip', '90012');
    await user.click(screen.getByTestId('settle-submit'));
    expect(await screen.findByText('信息已保存，欢迎加入！')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.area)).toEqual([{ ...settledBody, city_id: sanDiego.id, county_id: sdCounty.id }]);
  });

  it('says what is missing under each field in Chinese, and sends nothing', async () => {
    const user = newUser();
    signInAs('client', newcomer);
    server.ok(api.account.detail, newcomer);
    show();
    await screen.findByTestId('settle-form');
    await fill(user, 'settle-tax', '123');
    await user.click(screen.getByTestId('settle-submit'));
    expect(await screen.findByText('请输入您的姓名')).toBeInTheDocument();
    // Each field says its own problem (a select's message reads like its placeholder).
    expect(errorsIn(document.body)).toEqual(
      expect.arrayContaining(['请输入您的姓名', '请输入您的电话号码', '税号格式为 XX-XXXXXXX（9 位数字）', '请选择国家', '请选择县', '请输入邮编', '请输入微信号']),
    );
    expect(server.bodiesOf(api.account.area)).toEqual([]);
  });

  it('shows a refused save with the server’s reason, and the field it names', async () => {
    const user = newUser();
    signInAs('client', returning);
    server
      .ok(api.account.detail, returning)
      .sequence(api.account.area, [
        { code: '500', msg: '服务器繁忙', data: null },
        { code: '400', msg: '参数错误', data: { fields: { county_id: 'settle.area_mismatch' } } },
      ]);
    show();
    await waitFor(() => expect(chosen('settle-county')).toBe(laCounty.name));
    await user.click(screen.getByTestId('settle-submit'));
    expect(await screen.findByText('提交失败：服务器繁忙')).toBeInTheDocument();
    await user.click(screen.getByTestId('settle-submit'));
    expect(await screen.findByText('国家、州、城市和县必须相互对应')).toBeInTheDocument();
    expect(server.bodiesOf(api.account.area)).toHaveLength(2);
    // Nothing was saved: the merchant stays here, its information incomplete.
    expect(getStoredUser()).toMatchObject({ info_status: INFO_STATUS.incomplete });
  });

  it('still opens the form, from what was stored, when the account cannot be read', async () => {
    signInAs('client', returning);
    server.fail(api.account.detail, '500', '服务器繁忙');
    show();
    // The account is asked once more before the form gives up on it.
    await waitFor(() => expect(screen.getByTestId('settle-name')).toHaveValue('Carmen Ruiz'), { timeout: 3000 });
    expect(server.bodiesOf(api.account.detail)).toHaveLength(2);
    await waitFor(() => expect(chosen('settle-city')).toBe(losAngeles.name));
  });
});
