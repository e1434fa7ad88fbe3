import type { View } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../test/account-fixture';
import { applyAccountNotification } from './account-realtime';

describe('account realtime updates', () => {
  it('updates the current user and the user list when the user changes', () => {
    const account = makeAccount();
    const next = applyAccountNotification(account, {
      module: 'user',
      action: 'update',
      data: [{ id: 'u1', name: 'Ana Pérez', language: 'en' }],
    });

    expect(next.user).toMatchObject({ name: 'Ana Pérez', language: 'en', email: 'ana@clinica.cl' });
    expect(next.list_user[0]).toMatchObject({ id: 'u1', name: 'Ana Pérez' });
  });

  it('only touches the list when another user changes', () => {
    const account = {
      ...makeAccount(),
      list_user: [
        ...makeAccount().list_user,
        { id: 'u2', name: 'Luis', email: 'l@c.cl', account: 'user' as const, online: false },
      ],
    };
    const next = applyAccountNotification(account, {
      module: 'user',
      action: 'update',
      data: [{ id: 'u2', online: true }],
    });

    expect(next.user).toBe(account.user);
    expect(next.list_user[1]).toMatchObject({ id: 'u2', online: true });
  });

  it('updates the company data on a client update', () => {
    const next = applyAccountNotification(makeAccount(), {
      module: 'client',
      action: 'update',
      data: [{ id: 'c1', is_paid: false, subscribe_id: ['sub-1'] }],
    });

    expect(next.client).toMatchObject({
      is_paid: false,
      subscribe_id: ['sub-1'],
      name: 'Clínica Las Condes',
    });
  });

  it('ignores other modules', () => {
    const account = makeAccount();
    expect(applyAccountNotification(account, { module: 'message', action: 'create', data: [{}] })).toBe(
      account,
    );
  });

  it('adds, changes and removes the tags and statuses of the dynamic lists', () => {
    const tag = {
      id: 't1',
      module: 'lead' as const,
      field: 'tags' as const,
      name: 'VIP',
      color: '#f44336',
      status: true,
      position: 0,
    };
    const created = applyAccountNotification(makeAccount(), {
      module: 'listdinamic',
      action: 'create',
      data: [tag],
    });
    expect(created.list_dinamic).toEqual([tag]);

    const renamed = applyAccountNotification(created, {
      module: 'listdinamic',
      action: 'update',
      data: [{ id: 't1', name: 'Muy importante' }],
    });
    expect(renamed.list_dinamic).toEqual([{ ...tag, name: 'Muy importante' }]);

    const deleted = applyAccountNotification(renamed, {
      module: 'listdinamic',
      action: 'delete',
      data: [{ id: 't1' }],
    });
    expect(deleted.list_dinamic).toEqual([]);
  });

  it("keeps the person's own and the company's views, a new default replacing the former one", () => {
    const view = (overrides: Partial<View>): View => ({
      id: 'v1',
      module: 'lead',
      name: 'Calificados',
      columns: ['full_name'],
      filters: { filters: [], logical: 'and' },
      sort: null,
      kanban: { columns: [] },
      is_default: true,
      owner: null,
      create_date: '2026-03-01T00:00:00.000Z',
      ...overrides,
    });
    const start = { ...makeAccount(), views: [view({})] };
    const added = applyAccountNotification(start, {
      module: 'view',
      action: 'create',
      data: [view({ id: 'v2', name: 'Nuevos' })],
    });
    expect(added.views.map((item) => [item.id, item.is_default])).toEqual([
      ['v1', false],
      ['v2', true],
    ]);

    const colleagues = applyAccountNotification(added, {
      module: 'view',
      action: 'create',
      data: [{ id: 'v3', module: 'lead', owner: 'u9' }],
    });
    expect(colleagues.views).toHaveLength(2);

    const removed = applyAccountNotification(colleagues, {
      module: 'view',
      action: 'delete',
      data: [{ id: 'v2' }],
    });
    expect(removed.views.map((item) => item.id)).toEqual(['v1']);
  });
});

describe('pipelines in the account bundle', () => {
  const sales = {
    id: 'p1',
    name: 'Ventas',
    create_date: '2026-01-01T00:00:00.000Z',
    stages: [{ id: 's1', name: 'Nuevo', color: '#2196f3', order: 0 }],
  };
  const withSales = { ...makeAccount(), list_pipeline: [sales] };

  it('adds a new pipeline, renames one in its place and drops a deleted one', () => {
    const added = applyAccountNotification(withSales, {
      module: 'pipeline',
      action: 'create',
      data: [{ ...sales, id: 'p2', name: 'Postventa' }],
    });
    expect(added.list_pipeline.map((pipeline) => pipeline.name)).toEqual(['Ventas', 'Postventa']);
    const renamed = applyAccountNotification(added, {
      module: 'pipeline',
      action: 'update',
      data: [{ ...sales, name: 'Ventas 2026' }],
    });
    expect(renamed.list_pipeline.map((pipeline) => pipeline.name)).toEqual(['Ventas 2026', 'Postventa']);
    const deleted = applyAccountNotification(renamed, {
      module: 'pipeline',
      action: 'delete',
      data: [{ id: 'p1' }],
    });
    expect(deleted.list_pipeline.map((pipeline) => pipeline.id)).toEqual(['p2']);
  });

  it('leaves the pipelines alone when a card moves', () => {
    const next = applyAccountNotification(withSales, {
      module: 'pipeline',
      action: 'updateAlt',
      data: [{ deal_id: 'd1', pipeline_id: 'p1', pipeline_stage_id: 's1', position: 1 }],
    });
    expect(next).toBe(withSales);
  });
});
