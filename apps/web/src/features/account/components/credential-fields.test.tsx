// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgetForm } from './forget-form';
import { RegisterForm } from './register-form';

/** The server: a code is sent to any address (resend after 60 s), a reset always succeeds. */
const server = vi.fn(
  answerApi((path) => {
    if (path === api.base.send.path) return { code: '200', data: { resend_after_seconds: 60 } };
    if (path === api.account.forget.path) return { code: '200', data: null };
    return { code: '404', msg: 'not found', data: null };
  }),
);
const bodiesTo = (path: string) => server.mock.calls.filter(([input]) => String(input).endsWith(path)).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

/** Types into a field as one input (a paste), which is all these forms look at, and fast. */
const fill = async (user: ReturnType<typeof newUser>, field: string | HTMLElement, text: string) => {
  await user.click(typeof field === 'string' ? screen.getByLabelText(field) : field);
  await user.paste(text);
};

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'auth']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  server.mockClear();
});

describe('the email, code and new password of the reset and register forms', () => {
  it('mails a reset code to the typed address, then waits before another, and resets with it', async () => {
    const user = newUser();
    const onDone = vi.fn();
    renderInShell(<ForgetForm onDone={onDone} onBack={() => undefined} />);
    await fill(user, 'Email', 'carmen@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(bodiesTo(api.base.send.path)).toEqual([{ email: 'carmen@example.com', scene: 'forget' }]));
    expect(await screen.findByText('Verification code sent')).toBeInTheDocument();
    expect(screen.getByTestId('forget-send-code')).toHaveTextContent('Resend in 60s');
    expect(screen.getByTestId('forget-send-code')).toBeDisabled();

    // The code's label stands over the input and its button, for neither alone: reached by its test id.
    await fill(user, screen.getByTestId('forget-code'), '123456');
    await fill(user, 'New password', 'Tacos-2024');
    await fill(user, 'Confirm password', 'Tacos-2024');
    await user.click(screen.getByTestId('forget-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('carmen@example.com'));
    expect(bodiesTo(api.account.forget.path)).toEqual([{ email: 'carmen@example.com', code: '123456', password: 'Tacos-2024', confirm_password: 'Tacos-2024' }]);
  });

  it('on the register form, names the password for what it is and sends a sign-up code only to a valid address', async () => {
    const user = newUser();
    renderInShell(<RegisterForm joinType="business" referral={null} onSignedIn={() => undefined} />);
    expect(screen.getByTestId('register-password')).toHaveAccessibleName('Password');
    expect(screen.getByTestId('register-confirm-password')).toHaveAccessibleName('Confirm password');

    await fill(user, 'Email', 'carmen@');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(bodiesTo(api.base.send.path)).toEqual([]);

    await fill(user, 'Email', 'example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(bodiesTo(api.base.send.path)).toEqual([{ email: 'carmen@example.com', scene: 'register' }]));
  });
});
