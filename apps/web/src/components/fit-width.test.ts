import { describe, expect, it } from 'vitest';
import { fitWidth } from './fit-width';

describe('fitWidth', () => {
  it('gives the longer Spanish label more room than its English one', () => {
    expect(fitWidth(['Estado de pago'])).toBeGreaterThan(fitWidth(['Pay status']));
  });

  it('counts a Chinese character as two Latin ones', () => {
    expect(fitWidth(['支付状态支付状态支付状态'])).toBe(fitWidth(['abcdefghijklmnopqrstuvwx']));
  });

  it('sizes to the longest of the label and the options', () => {
    expect(fitWidth(['Status', 'Información incompleta'])).toBe(fitWidth(['Información incompleta']));
  });

  it('keeps a floor for short labels and a ceiling for long ones', () => {
    expect(fitWidth(['Tipo'])).toBe(120);
    expect(fitWidth(['x'.repeat(200)])).toBe(280);
  });
});
