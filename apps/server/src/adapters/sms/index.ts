import type { Config } from '../../config.js';
import { ConsoleSms } from './console-sms.js';
import type { SmsSender } from './sms.js';
import { TwilioSms } from './twilio-sms.js';

export { MemorySms } from './memory-sms.js';
export { SmsError, toE164, type SmsMessage, type SmsSender } from './sms.js';

type SmsConfig = Pick<Config, 'SMS_PROVIDER' | 'SMS_TWILIO_ACCOUNT_SID' | 'SMS_TWILIO_AUTH_TOKEN' | 'SMS_FROM' | 'SMS_TWILIO_BASE_URL'>;

export function createSmsSender(config: SmsConfig): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return new TwilioSms({
      accountSid: config.SMS_TWILIO_ACCOUNT_SID!,
      authToken: config.SMS_TWILIO_AUTH_TOKEN!,
      from: config.SMS_FROM!,
      baseUrl: config.SMS_TWILIO_BASE_URL,
    });
  }
  return new ConsoleSms();
}
