import { EMAIL_CODE_TTL_MINUTES, type ApiLanguage, type EmailCodeScene } from '@nearcast/contract';
import type { MailMessage } from '../../adapters/mail/index.js';

type Template = {
  subject: Record<EmailCodeScene, string>;
  body: (code: string, purpose: string) => string;
  purpose: Record<EmailCodeScene, string>;
  /** A sign-up asked for an address that already has an account: no code, a way back in. */
  accountExists: { subject: string; body: string };
  /** A reset or sign-in code asked for an address without an account. */
  noAccount: { subject: Record<Exclude<EmailCodeScene, 'register'>, string>; body: (asked: string) => string };
  asked: Record<Exclude<EmailCodeScene, 'register'>, string>;
};

const templates: Record<ApiLanguage, Template> = {
  en: {
    subject: { register: 'Your Nearcast sign-up code', forget: 'Your Nearcast password reset code', login: 'Your Nearcast sign-in code' },
    purpose: { register: 'finish creating your account', forget: 'reset your password', login: 'finish signing in' },
    body: (code, purpose) =>
      `Your verification code is ${code}.\n\nEnter it to ${purpose}. It expires in ${EMAIL_CODE_TTL_MINUTES} minutes.\nIf you did not ask for it, you can ignore this email.\n\n— Nearcast`,
    accountExists: {
      subject: 'You already have a Nearcast account',
      body:
        'Someone asked to create a Nearcast account with this email address, but you already have one.\n\n' +
        'Sign in with this address and your password. If you have forgotten your password, choose "Forgot password?" on the sign-in page to set a new one.\n' +
        'If you did not ask for this, you can ignore this email: nothing has changed.\n\n— Nearcast',
    },
    noAccount: {
      subject: { forget: 'Your Nearcast password reset request', login: 'Your Nearcast sign-in request' },
      body: (asked) =>
        `Someone asked for a code to ${asked} with this email address, but no Nearcast account uses it.\n\n` +
        'If it was you, you may have signed up with another address; or create an account with this one on the sign-up page.\n' +
        'If you did not ask for this, you can ignore this email.\n\n— Nearcast',
    },
    asked: { forget: 'reset a Nearcast password', login: 'sign in to Nearcast' },
  },
  zh: {
    subject: { register: 'Nearcast 注册验证码', forget: 'Nearcast 重置密码验证码', login: 'Nearcast 登录验证码' },
    purpose: { register: '完成账号注册', forget: '重置密码', login: '完成登录' },
    body: (code, purpose) =>
      `您的验证码是 ${code}。\n\n请输入此验证码以${purpose}，${EMAIL_CODE_TTL_MINUTES} 分钟内有效。\n如果不是您本人操作，请忽略此邮件。\n\n— Nearcast`,
    accountExists: {
      subject: '您已经有 Nearcast 账号了',
      body:
        '有人使用此邮箱申请注册 Nearcast 账号，但该邮箱已有账号。\n\n' +
        '请使用此邮箱和密码直接登录。如果忘记了密码，请在登录页点击“忘记密码？”重新设置。\n' +
        '如果不是您本人操作，请忽略此邮件，您的账号没有任何变化。\n\n— Nearcast',
    },
    noAccount: {
      subject: { forget: 'Nearcast 重置密码申请', login: 'Nearcast 登录申请' },
      body: (asked) =>
        `有人使用此邮箱申请了${asked}的验证码，但没有任何 Nearcast 账号使用此邮箱。\n\n` +
        '如果是您本人操作，您可能使用了其他邮箱注册；也可以在注册页用此邮箱创建账号。\n' +
        '如果不是您本人操作，请忽略此邮件。\n\n— Nearcast',
    },
    asked: { forget: '重置 Nearcast 密码', login: '登录 Nearcast' },
  },
  es: {
    subject: { register: 'Tu código de registro de Nearcast', forget: 'Tu código para restablecer la contraseña de Nearcast', login: 'Tu código de inicio de sesión de Nearcast' },
    purpose: { register: 'terminar de crear tu cuenta', forget: 'restablecer tu contraseña', login: 'terminar de iniciar sesión' },
    body: (code, purpose) =>
      `Tu código de verificación es ${code}.\n\nIntrodúcelo para ${purpose}. Caduca en ${EMAIL_CODE_TTL_MINUTES} minutos.\nSi no lo has pedido, puedes ignorar este correo.\n\n— Nearcast`,
    accountExists: {
      subject: 'Ya tienes una cuenta de Nearcast',
      body:
        'Alguien ha pedido crear una cuenta de Nearcast con esta dirección de correo, pero ya tienes una.\n\n' +
        'Inicia sesión con esta dirección y tu contraseña. Si la has olvidado, elige «¿Olvidaste la contraseña?» en la página de inicio de sesión para crear una nueva.\n' +
        'Si no lo has pedido tú, puedes ignorar este correo: no ha cambiado nada.\n\n— Nearcast',
    },
    noAccount: {
      subject: { forget: 'Tu solicitud para restablecer la contraseña de Nearcast', login: 'Tu solicitud de inicio de sesión en Nearcast' },
      body: (asked) =>
        `Alguien ha pedido un código para ${asked} con esta dirección de correo, pero ninguna cuenta de Nearcast la usa.\n\n` +
        'Si has sido tú, quizá te registraste con otra dirección; o crea una cuenta con esta en la página de registro.\n' +
        'Si no lo has pedido tú, puedes ignorar este correo.\n\n— Nearcast',
    },
    asked: { forget: 'restablecer una contraseña de Nearcast', login: 'iniciar sesión en Nearcast' },
  },
};

export function emailCodeMessage(lang: ApiLanguage, to: string, scene: EmailCodeScene, code: string): MailMessage {
  const template = templates[lang];
  return { to, subject: template.subject[scene], text: template.body(code, template.purpose[scene]) };
}

/** Sent instead of a sign-up code to an address that already has an account. */
export function accountExistsMessage(lang: ApiLanguage, to: string): MailMessage {
  const { accountExists } = templates[lang];
  return { to, subject: accountExists.subject, text: accountExists.body };
}

/** Sent instead of a reset or sign-in code to an address that has no account. */
export function noAccountMessage(lang: ApiLanguage, to: string, scene: Exclude<EmailCodeScene, 'register'>): MailMessage {
  const template = templates[lang];
  return { to, subject: template.noAccount.subject[scene], text: template.noAccount.body(template.asked[scene]) };
}
