import { describe, expect, it } from 'vitest';
import { auditSearchFilters, auditValueText, changedFields, EMPTY_AUDIT_FILTERS } from './audit-filters';

describe('audit log filters', () => {
  it('sends no filter when nothing is chosen', () => {
    expect(auditSearchFilters(EMPTY_AUDIT_FILTERS)).toEqual([]);
  });

  it('filters by user, module and action with equalto', () => {
    expect(
      auditSearchFilters({ ...EMPTY_AUDIT_FILTERS, user_id: 'u1', module: 'lead', action: 'create' }),
    ).toEqual([
      { key: 'user_id', condition: 'equalto', value: 'u1' },
      { key: 'module', condition: 'equalto', value: 'lead' },
      { key: 'action', condition: 'equalto', value: 'create' },
    ]);
  });

  it('turns a date range into between, in order even when typed backwards', () => {
    expect(auditSearchFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-03-31', to: '2026-03-01' })).toEqual([
      { key: 'create_date', condition: 'between', value: ['2026-03-01', '2026-03-31'] },
    ]);
  });

  it('keeps an open-ended range as one bound', () => {
    expect(auditSearchFilters({ ...EMPTY_AUDIT_FILTERS, from: '2026-03-01' })).toEqual([
      { key: 'create_date', condition: 'gte', value: '2026-03-01' },
    ]);
    expect(auditSearchFilters({ ...EMPTY_AUDIT_FILTERS, to: '2026-03-31' })).toEqual([
      { key: 'create_date', condition: 'lte', value: '2026-03-31' },
    ]);
  });
});

describe('audit log changes', () => {
  it('writes nothing as a dash, lists joined and objects as JSON', () => {
    expect(auditValueText(null)).toBe('—');
    expect(auditValueText('')).toBe('—');
    expect(auditValueText([])).toBe('—');
    expect(auditValueText(['a', 'b'])).toBe('a, b');
    expect(auditValueText({ kanban: 1 })).toBe('{"kanban":1}');
    expect(auditValueText(false)).toBe('false');
  });

  it('lists the changed fields by name with their before and after', () => {
    expect(changedFields({ name: ['Vip', 'VIP'], color: [null, '#f44336'] })).toEqual([
      { field: 'color', before: null, after: '#f44336' },
      { field: 'name', before: 'Vip', after: 'VIP' },
    ]);
  });
});
