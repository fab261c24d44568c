import { describe, expect, it } from 'vitest';
import { maintenanceText } from './MaintenanceGate';

describe('the maintenance message', () => {
  const maintenance = { enabled: true, message: 'Back soon', messages: { en: 'Back soon', mn: 'Удахгүй' } };
  it('is shown in the interface language', () => {
    expect(maintenanceText(maintenance, 'mn')).toBe('Удахгүй');
    expect(maintenanceText(maintenance, 'en')).toBe('Back soon');
  });
  it('falls back to the single message from an older server', () => {
    expect(maintenanceText({ enabled: true, message: 'Back soon' }, 'mn')).toBe('Back soon');
  });
});
