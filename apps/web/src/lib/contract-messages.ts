/**
 * The contract's message catalogues, imported on demand by the i18n backend so a visitor only
 * downloads their own language's wire messages.
 */
export { MESSAGES } from '@nearcast/contract';
