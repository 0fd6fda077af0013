/**
 * The onboarding feature's public surface for other features: the studio center (/studio)
 * shows the settle step to a paid studio whose information is incomplete (spec §4).
 */
export { SettleForm } from './components/settle-form';
export { SettleDone, SettleStep } from './components/settle-step';
