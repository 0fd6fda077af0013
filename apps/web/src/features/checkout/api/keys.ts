/**
 * Every checkout query starts with this key: a payment changes the caller's prices (the
 * first-purchase discount is used) and a city's places, so a verified payment refreshes them all.
 */
export const checkoutKey = ['checkout'] as const;
