import { z } from 'zod';
import { HOOK_STYLES, SCRIPT_LANGUAGES, scriptBody } from './creative.js';
import { idOf } from './fields.js';

/**
 * A script the studio writes by hand on its desk (docs/decisions/086). The desk sends it as soon
 * as it is whole (the schema's rules pass), so it has an id, survives a reload through
 * script/list and is edited from then on with script/update like a generated one.
 */
export const scriptAddRequest = z.strictObject({
  merchant_id: idOf('creative.merchant_required'),
  language: z.enum(SCRIPT_LANGUAGES, { error: 'validation.invalid_option' }),
  body: scriptBody,
  /** How it opens, when the studio said so on the desk; left out, the script is filed as a question hook. */
  hook_style: z.enum(HOOK_STYLES, { error: 'validation.invalid_option' }).optional(),
});
