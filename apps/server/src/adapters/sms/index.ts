import type { Config } from '../../config.js';
import { ConsoleSms } from './console-sms.js';
import type { SmsSender } from './sms.js';
import { TwilioSms } from './twilio-sms.js';

export { MemorySms } from './memory-sms.js';
export { SmsError, toE164, type SmsMessage, type SmsSender } from './sms.js';

type SmsConfig = Pick<Config, 'SMS_PROVIDER' | 'SMS_TWILIO_ACCOUNT_SID' | 'SMS_TWILIO_AUTH_TOKEN' | 'SMS_FROM' | 'SMS_TWILIO_BASE_URL'>;

/** Which sender the configuration asks for: Twilio when configured, otherwise the console (texts in the log). */
export function smsKind(config: Pick<Config, 'SMS_PROVIDER'>): 'twilio' | 'console' {
  return config.SMS_PROVIDER === 'twilio' ? 'twilio' : 'console';
}

export function createSmsSender(config: SmsConfig): SmsSender {
  if (smsKind(config) === 'twilio') {
    return new TwilioSms({
      accountSid: config.SMS_TWILIO_ACCOUNT_SID!,
      authToken: config.SMS_TWILIO_AUTH_TOKEN!,
      from: config.SMS_FROM!,
      baseUrl: config.SMS_TWILIO_BASE_URL,
    });
  }
  return new ConsoleSms();
}
