import { z } from 'zod';
import { id, idOf, isoTime, keyword, optionalText, pageOf, pageQuery, plainString, requiredText, usPhone, wechatId } from './fields.js';

/** The settle form of spec §5: every rule and message exact. */
export const settleRequest = z.strictObject({
  name: requiredText('settle.name_required', 100),
  phone: usPhone('settle.phone_required'),
  company_short_name: requiredText('settle.company_short_required', 100),
  company_full_name: requiredText('settle.company_full_required', 200),
  tax_number: plainString({ error: 'settle.tax_required' })
    .trim()
    .min(1, { error: 'settle.tax_required' })
    .regex(/^\d{2}-\d{7}$/, { error: 'settle.tax_format' }),
  country_id: idOf('settle.country_required'),
  state_id: idOf('settle.state_required'),
  city_id: idOf('settle.city_required'),
  county_id: idOf('settle.county_required'),
  address: requiredText('settle.address_required', 300),
  zip_code: plainString({ error: 'settle.zip_required' })
    .trim()
    .min(1, { error: 'settle.zip_required' })
    .regex(/^\d{5}(-\d{4})?$/, { error: 'settle.zip_format' }),
  wechat: wechatId('settle.wechat_required'),
});

/** The contact-completion form of spec §5. */
export const contactRequest = z.strictObject({
  mobile: usPhone('contact.mobile_required'),
  wechat_id: wechatId('contact.wechat_required'),
  name: optionalText(100).default(''),
  message: optionalText(1000, { multiline: true }).default(''),
});
export const contact = z.object({
  id,
  mobile: z.string(),
  wechat_id: z.string(),
  name: z.string(),
  message: z.string(),
  account_id: z.number().int().nullable(),
  account_email: z.string().nullable(),
  create_time: isoTime,
});
export const contactListRequest = z.strictObject({ ...pageQuery, keyword: keyword().optional() });
export const contactListResponse = pageOf(contact);
