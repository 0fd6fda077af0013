// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../test/dom';
import { api } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { recheckFields, showServerError, validateWith } from './form-feedback';

/**
 * A sign-in form wired the way every form of the app is: the contract's schema on submit, a
 * message going as soon as its field is valid, the server's answer placed by showServerError.
 * (antd's own rules are not used: the schemas would be written twice.)
 */
function SignInForm({ send }: { send: (body: unknown) => Promise<unknown> }) {
  const [form] = Form.useForm<{ email?: string; password?: string }>();
  return (
    <Form
      form={form}
      layout="vertical"
      onValuesChange={(changed) => recheckFields(form, changed)}
      onFinish={async (values) => {
        const body = validateWith(api.account.login.request, { email: values.email ?? '', password: values.password ?? '', remember: false }, form);
        if (!body) return;
        try {
          await send(body);
        } catch (error) {
          showServerError(form, error, { fallback: 'No se pudo iniciar sesión', conflictField: 'email' });
        }
      }}
    >
      <Form.Item name="email" label="Correo electrónico">
        <Input />
      </Form.Item>
      <Form.Item name="password" label="Contraseña">
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        Entrar
      </Button>
    </Form>
  );
}

/** Types into a field as one input (a paste), which is all these forms look at, and fast. */
const fill = async (user: ReturnType<typeof newUser>, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};
const email = () => screen.getByRole('textbox', { name: 'Correo electrónico' });
const password = () => screen.getByLabelText('Contraseña');
/** The message antd shows under a field (its role=alert explanation), named by the field's id. */
const messageUnder = (field: HTMLElement) => document.getElementById(`${field.id}_help`);

beforeAll(async () => {
  await setLanguage('es-ES');
});

describe('validateWith: the contract’s schema says what is wrong, under each field, in the user’s language', () => {
  it('an empty submit marks both fields, and each message goes as soon as its field is valid', async () => {
    const user = newUser();
    const send = vi.fn(() => Promise.resolve());
    renderInShell(<SignInForm send={send} />);

    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(messageUnder(email())).toHaveTextContent('Rellena todos los campos obligatorios'));
    expect(messageUnder(password())).toHaveTextContent('Rellena todos los campos obligatorios');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();

    await fill(user, email(), 'carmen@');
    await waitFor(() => expect(messageUnder(email())).toHaveTextContent('Introduce un correo electrónico válido'));
    await fill(user, email(), 'example.com');
    await waitFor(() => expect(email()).not.toHaveAttribute('aria-invalid', 'true'));
    expect(messageUnder(password())).toHaveTextContent('Rellena todos los campos obligatorios');

    await fill(user, password(), 'secreto-1');
    await waitFor(() => expect(screen.queryByText('Rellena todos los campos obligatorios')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'carmen@example.com', password: 'secreto-1', remember: false }));

  });
});

describe('showServerError: the server’s answer where the user looks', () => {
  const submitFilled = async (send: () => Promise<unknown>) => {
    const user = newUser();
    renderInShell(<SignInForm send={send} />);
    await fill(user, email(), 'carmen@example.com');
    await fill(user, password(), 'secreto-1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    return user;
  };

  it('a 400 puts each of the envelope’s data.fields under its field, and the action’s failure in a toast', async () => {
    await submitFilled(() =>
      Promise.reject(new ApiError('envelope', '400', 'Este correo ya está registrado', { fields: { email: 'Este correo ya está registrado', password: 'auth.password_weak' } })),
    );
    await waitFor(() => expect(messageUnder(email())).toHaveTextContent('Este correo ya está registrado'));
    // A field's message that is still a contract key is rendered in the user's language.
    expect(messageUnder(password())).toHaveTextContent('Usa de 8 a 128 caracteres con al menos una letra y un dígito');
    expect(await screen.findByText('No se pudo iniciar sesión')).toBeInTheDocument();
  });

  it('a 409 goes under the field it is about, and leaves the field once it is edited', async () => {
    const user = await submitFilled(() => Promise.reject(new ApiError('envelope', '409', 'Este correo ya está registrado')));
    await waitFor(() => expect(messageUnder(email())).toHaveTextContent('Este correo ya está registrado'));
    expect(email()).toHaveAttribute('aria-invalid', 'true');

    await fill(user, email(), 'x');
    await waitFor(() => expect(screen.queryByText('Este correo ya está registrado')).not.toBeInTheDocument());
  });

  it('any other failure is a toast of the action’s failure with the server’s reason', async () => {
    await submitFilled(() => Promise.reject(new ApiError('envelope', '429', 'Demasiadas solicitudes')));
    expect(await screen.findByText('No se pudo iniciar sesión: Demasiadas solicitudes')).toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a 403 says nothing: the session is gone and so is the page', async () => {
    await submitFilled(() => Promise.reject(new ApiError('envelope', '403', 'Sin sesión')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Sin sesión|No se pudo iniciar sesión/)).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
  });
});
