/**
 * How often a screen showing a processing material asks again. Probing and a thumbnail take a
 * few seconds for a short clip; asking every two seconds shows the change about when it
 * happens without keeping a request in flight all the time.
 */
export const POLL_MS = 2000;
