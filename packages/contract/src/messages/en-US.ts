/**
 * Messages that cross the wire: validation rules and server errors. The server answers them in
 * the caller's language and the web forms show the same words, so they live here once.
 * Placeholders use i18next's {{name}} syntax.
 */
export const enUS = {
  // Generic envelope messages.
  'error.request_failed': 'Request failed',
  'error.internal': 'Something went wrong on our side. Please try again later.',
  'error.not_found': 'Not found',
  'error.route_not_found': 'No such API endpoint',
  'error.method_not_allowed': 'Only POST is accepted under /api',
  'error.unauthenticated': 'Please sign in first',
  'error.forbidden': 'You do not have permission to do this',
  'error.too_many': 'Too many requests. Please wait a moment and try again.',
  'error.too_large': 'The request is too large',
  'error.unsupported_media': 'Unsupported content type',
  'error.malformed_json': 'The request body is not valid JSON',
  'error.account_disabled': 'This account has been disabled',

  // Generic validation.
  'validation.invalid': 'Invalid value',
  'validation.required': 'This field is required',
  'validation.unknown_field': 'Unknown field: {{field}}',
  'validation.expected_string': 'Must be text',
  'validation.expected_number': 'Must be a number',
  'validation.expected_boolean': 'Must be true or false',
  'validation.too_short': 'Must be at least {{min}} characters',
  'validation.too_long': 'Must be at most {{max}} characters',
  'validation.too_small': 'Must be at least {{min}}',
  'validation.too_big': 'Must be at most {{max}}',
  'validation.invalid_option': 'Not one of the allowed values',

  // Sign-in, register, reset (spec §5).
  'auth.fill_required': 'Please fill in all required fields',
  'auth.email_required': 'Please enter your email',
  'auth.email_invalid': 'Please enter a valid email address',
  'auth.code_required': 'Please enter the verification code',
  'auth.code_format': 'The code is 6 digits',
  'auth.password_required': 'Please enter your password',
  'auth.password_weak': 'Use 8 to 128 characters with at least one letter and one digit',
  'auth.passwords_mismatch': 'Passwords do not match',
  'auth.username_required': 'Please enter a username',
  'auth.username_length': 'Username must be 2 to 32 characters',
  'auth.bad_credentials': 'Incorrect email or password',
  'auth.email_taken': 'This email is already registered',
  'auth.code_invalid': 'The verification code is incorrect or has expired',
  'auth.code_too_many': 'Too many wrong codes. Please request a new one.',
  'auth.code_wait': 'Please wait {{seconds}} seconds before requesting another code',
  'auth.code_sent': 'Verification code sent',
  'auth.no_account_for_email': 'If this email is registered, a code has been sent',
  'auth.mail_failed': 'We could not send the email. Please try again later.',
  'auth.referral_invalid': 'This invitation link is not valid',

  // Profile (spec §5 "Profile password change").
  'profile.fill_complete': 'Please fill in complete information',
  'profile.passwords_mismatch': 'The two passwords do not match',
  'profile.current_password_wrong': 'The current password is incorrect',
  'profile.password_same': 'The new password must differ from the current one',
  'profile.session_not_found': 'This device session was not found',
  'profile.phone_invalid': 'Please enter a 10-digit US phone number',
  'profile.wechat_length': 'WeChat ID must be 6 to 50 characters',

  'area.city_name_required': 'Please enter the city name',
  'area.parent_wrong_type': 'This kind of area cannot be placed there',
  'area.duplicate': 'An area with this name already exists there',
  'area.in_use': 'This area is used by {{accounts}} accounts and {{zones}} zones and cannot be deleted',
  'area.has_children': 'Delete the areas under it first',
  'area.not_found': 'Area not found',
  'zone.name_required': 'Please enter the zone name',
  'zone.state_required': 'Please choose a state',
  'zone.city_required': 'Please choose at least one city',
  'zone.city_outside_state': 'Every city must be in the chosen state',
  'zone.duplicate': 'A zone with this name already exists',
  'zone.not_found': 'Zone not found',

  'org.nickname_required': 'Please enter a nickname',
  'org.account_not_found': 'Account not found',
  'org.not_in_scope': 'This account is outside what you manage',
  'org.agent_not_found': 'Choose an agent you manage',
  'org.main_agent_required': 'Choose the main agent of this sub-agent',
  'org.main_agent_invalid': 'The main agent must be a main agent, and not the agent itself',
  'org.agent_has_subagents': 'This agent still has sub-agents; move them first',
  'org.studio_not_found': 'Choose a studio you manage',
  'org.operator_not_found': 'Choose an operator you manage',
  'org.not_a_client': 'This account is not a client',
  'org.not_a_studio': 'This account is not a studio',
  'org.not_an_agent': 'This account is not an agent',
  'org.self_change': 'You cannot change your own role or status here',
} as const;

export type MessageKey = keyof typeof enUS;
export type MessageCatalogue = Record<MessageKey, string>;
