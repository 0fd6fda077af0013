import { EMAIL_CODE_TTL_MINUTES, type ApiLanguage, type EmailCodeScene } from '@nearcast/contract';
import type { MailMessage } from '../../adapters/mail/index.js';

type Template = { subject: Record<EmailCodeScene, string>; body: (code: string, purpose: string) => string; purpose: Record<EmailCodeScene, string> };

const templates: Record<ApiLanguage, Template> = {
  en: {
    subject: { register: 'Your Nearcast sign-up code', forget: 'Your Nearcast password reset code', login: 'Your Nearcast sign-in code' },
    purpose: { register: 'finish creating your account', forget: 'reset your password', login: 'finish signing in' },
    body: (code, purpose) =>
      `Your verification code is ${code}.\n\nEnter it to ${purpose}. It expires in ${EMAIL_CODE_TTL_MINUTES} minutes.\nIf you did not ask for it, you can ignore this email.\n\n— Nearcast`,
  },
  zh: {
    subject: { register: 'Nearcast 注册验证码', forget: 'Nearcast 重置密码验证码', login: 'Nearcast 登录验证码' },
    purpose: { register: '完成账号注册', forget: '重置密码', login: '完成登录' },
    body: (code, purpose) =>
      `您的验证码是 ${code}。\n\n请输入此验证码以${purpose}，${EMAIL_CODE_TTL_MINUTES} 分钟内有效。\n如果不是您本人操作，请忽略此邮件。\n\n— Nearcast`,
  },
  es: {
    subject: { register: 'Tu código de registro de Nearcast', forget: 'Tu código para restablecer la contraseña de Nearcast', login: 'Tu código de inicio de sesión de Nearcast' },
    purpose: { register: 'terminar de crear tu cuenta', forget: 'restablecer tu contraseña', login: 'terminar de iniciar sesión' },
    body: (code, purpose) =>
      `Tu código de verificación es ${code}.\n\nIntrodúcelo para ${purpose}. Caduca en ${EMAIL_CODE_TTL_MINUTES} minutos.\nSi no lo has pedido, puedes ignorar este correo.\n\n— Nearcast`,
  },
};

export function emailCodeMessage(lang: ApiLanguage, to: string, scene: EmailCodeScene, code: string): MailMessage {
  const template = templates[lang];
  return { to, subject: template.subject[scene], text: template.body(code, template.purpose[scene]) };
}
