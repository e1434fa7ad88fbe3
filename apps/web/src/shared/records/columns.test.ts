import { CONTACT_FIELDS, settingViewFields, type View } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { bulkFieldsOf, canEditView, columnsOf, defaultViewOf, exportColumnsOf } from './columns';

const FIELDS = settingViewFields(CONTACT_FIELDS);

const view = (overrides: Partial<View>): View => ({
  id: 'v1',
  module: 'contact',
  name: 'Mine',
  columns: [],
  filters: { filters: [], logical: 'and' },
  sort: null,
  kanban: { columns: [] },
  is_default: false,
  owner: 'u1',
  create_date: '2026-04-01T00:00:00.000Z',
  ...overrides,
});

describe('table columns', () => {
  it('shows the fields marked visible when there is no saved view', () => {
    expect(columnsOf(undefined, FIELDS, CONTACT_FIELDS)).toEqual([
      'info.full_name',
      'info.phone',
      'info.email',
      'info.country',
      'stage',
      'tags',
      'derivedto',
      'create_date',
    ]);
  });

  it("keeps the saved view's order and drops keys the module no longer has", () => {
    const saved = view({ columns: ['tags', 'info.gone', 'info.full_name', 'tags'] });
    expect(columnsOf(saved, FIELDS, CONTACT_FIELDS)).toEqual(['tags', 'info.full_name']);
  });

  it('falls back to the visible fields when every saved column is unknown', () => {
    expect(columnsOf(view({ columns: ['nothing'] }), FIELDS, CONTACT_FIELDS)).toContain('info.full_name');
  });

  it("opens the person's own default view before the company's", () => {
    const company = view({ id: 'company', owner: null, is_default: true });
    const own = view({ id: 'own', owner: 'u1', is_default: true });
    const other = view({ id: 'other', owner: 'u2', is_default: true });
    expect(defaultViewOf([company, other, own], 'contact', 'u1')?.id).toBe('own');
    expect(defaultViewOf([company, other], 'contact', 'u1')?.id).toBe('company');
    expect(defaultViewOf([company], 'lead', 'u1')).toBeUndefined();
  });

  it('exports the shown columns that a file can hold, in their order', () => {
    expect(exportColumnsOf(['create_date', 'info.full_name', 'answerbot'], CONTACT_FIELDS)).toEqual([
      'create_date',
      'info.full_name',
      'answerbot',
    ]);
  });

  it('offers in a bulk update the editable fields the module accepts in bulk', () => {
    expect(bulkFieldsOf(FIELDS).map((field) => field.key)).toContain('info.email');
    expect(bulkFieldsOf(FIELDS, ['tags', 'stage', 'info.full_name']).map((field) => field.key)).toEqual([
      'stage',
      'tags',
    ]);
  });

  it("lets a person change their own views, and the company's only with setting.edit", () => {
    expect(canEditView({ owner: 'u1' }, 'u1', false)).toBe(true);
    expect(canEditView({ owner: 'u2' }, 'u1', true)).toBe(false);
    expect(canEditView({ owner: null }, 'u1', false)).toBe(false);
    expect(canEditView({ owner: null }, 'u1', true)).toBe(true);
  });
});
