import { api } from '@nearcast/contract';
import type { FormInstance } from 'antd';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recheckFields, validateWith } from './form-feedback';
import { initI18n } from './i18n';
import { registerNotifier } from './notify';

/**
 * The part of antd's FormInstance these helpers use, over plain values and errors, so the
 * shared behaviour is checked without a DOM: messages placed by hand, values edited by the user.
 */
function fakeForm(initial: Record<string, unknown>) {
  const values: Record<string, unknown> = { ...initial };
  const errors: Record<string, string[]> = {};
  const form = {
    getFieldsValue: () => ({ ...values }),
    getFieldsError: () => Object.keys({ ...values, ...errors }).map((name) => ({ name: [name], errors: errors[name] ?? [], warnings: [] })),
    setFields: (fields: { name: string | (string | number)[]; errors?: string[]; value?: unknown }[]) => {
      for (const field of fields) {
        const name = String(Array.isArray(field.name) ? field.name[0] : field.name);
        if (field.errors) errors[name] = field.errors;
        if ('value' in field) values[name] = field.value;
      }
    },
  };
  /** What the user does: change fields, and antd calls onValuesChange with what changed. */
  const edit = (changed: Record<string, unknown>) => {
    Object.assign(values, changed);
    recheckFields(form as unknown as FormInstance, changed);
  };
  const shown = () => Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0).map(([name, list]) => [name, list[0]]));
  return { form: form as unknown as FormInstance, values, edit, shown, setError: (name: string, message: string) => (errors[name] = [message]) };
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  registerNotifier({ error: () => undefined, success: () => undefined });
});

describe('recheckFields: a message goes as soon as its field is valid', () => {
  it('sign-in: a filled email stops saying the fields are required; the empty password still does', () => {
    const { form, values, edit, shown } = fakeForm({ email: undefined, password: undefined });
    expect(validateWith(api.account.login.request, { email: values.email ?? '', password: values.password ?? '', remember: false }, form)).toBeNull();
    expect(shown()).toEqual({ email: 'Please fill in all required fields', password: 'Please fill in all required fields' });

    edit({ email: 'super@example.com' });
    expect(shown()).toEqual({ password: 'Please fill in all required fields' });

    edit({ password: 'x' });
    expect(shown()).toEqual({});
  });

  it('an edited field that is still wrong says what is wrong now', () => {
    const { form, edit, shown } = fakeForm({ email: '', password: 'secret' });
    validateWith(api.account.login.request, { email: '', password: 'secret', remember: false }, form);
    edit({ email: 'carmen@' });
    expect(shown()).toEqual({ email: 'Please enter a valid email address' });
    edit({ email: 'carmen@example.com' });
    expect(shown()).toEqual({});
  });

  it('profile password change: fixing the new password also clears the confirmation that now matches', () => {
    const { form, edit, shown } = fakeForm({ current_password: 'Old-pass-1', new_password: 'New-pass-12', confirm_password: 'New-pass-1' });
    validateWith(api.account.psd.request, { current_password: 'Old-pass-1', new_password: 'New-pass-12', confirm_password: 'New-pass-1' }, form);
    expect(shown()).toEqual({ confirm_password: 'The two passwords do not match' });
    // Editing the other field is what fixes it.
    edit({ new_password: 'New-pass-1' });
    expect(shown()).toEqual({});
  });

  it('a message from the server (a duplicate email) goes when the field is edited to a valid value', () => {
    const { form, edit, shown, setError } = fakeForm({ email: 'taken@example.com', password: 'Journey-pass-1', username: 'alex' });
    const body = { email: 'taken@example.com', password: 'Journey-pass-1', username: 'alex', name: '', company_short_name: '', phone: '', wechat: '', agent_type: 'main' as const, main_agent_id: null };
    expect(validateWith(api.proxy.add.request, body, form)).not.toBeNull();
    setError('email', 'This email is already registered');
    edit({ username: 'alexa' });
    expect(shown()).toEqual({ email: 'This email is already registered' });
    edit({ email: 'free@example.com' });
    expect(shown()).toEqual({});
  });

  it('a field the schema cannot judge loses its message when edited', () => {
    const { form, edit, shown, setError } = fakeForm({ email: 'a@b.co', password: 'x', city_ids: [] });
    validateWith(api.account.login.request, { email: 'a@b.co', password: 'x', remember: false }, form);
    setError('city_ids', 'Pick a city');
    edit({ city_ids: [3] });
    expect(shown()).toEqual({});
  });

  it('without a submit yet, an edited field with a message simply loses it', () => {
    const { edit, shown, setError } = fakeForm({ name: '' });
    setError('name', 'Please enter the city name');
    edit({ name: 'Springfield' });
    expect(shown()).toEqual({});
  });
});
