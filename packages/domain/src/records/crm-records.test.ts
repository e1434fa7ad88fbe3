import { describe, expect, it } from 'vitest';
import { dealCreateSchema, dealUpdateSchema, defaultCurrency } from './deal';
import { paymentCreateSchema } from './payment';
import { pipelineCreateSchema } from './pipeline';
import { cutText, taskCreateSchema, taskExpiry } from './task';

const SANTIAGO = 'America/Santiago';
// 2026-11-23 10:00 in Santiago (UTC-3 in summer).
const NOW = new Date('2026-11-23T13:00:00Z');

describe('taskExpiry (spec section 4, in the company time zone)', () => {
  it('names each state', () => {
    expect(taskExpiry('2026-11-22T23:00:00Z', NOW, SANTIAGO)).toBe('expired');
    expect(taskExpiry('2026-11-23T12:00:00Z', NOW, SANTIAGO)).toBe('overdue');
    expect(taskExpiry('2026-11-23T20:00:00Z', NOW, SANTIAGO)).toBe('expires_today');
    expect(taskExpiry('2026-11-28T12:00:00Z', NOW, SANTIAGO)).toBe('next_to_expire');
    expect(taskExpiry('2026-11-29T12:00:00Z', NOW, SANTIAGO)).toBe('expires');
  });

  it('counts days where the company is, not in UTC', () => {
    // 02:00 UTC on the 24th is still the 23rd in Santiago: today, ahead.
    expect(taskExpiry('2026-11-24T02:00:00Z', NOW, SANTIAGO)).toBe('expires_today');
    expect(taskExpiry('2026-11-24T02:00:00Z', NOW, 'UTC')).toBe('next_to_expire');
  });
});

describe('deal rules', () => {
  it('refuses a negative or non-numeric amount and a date that does not exist, naming the field', () => {
    for (const [body, path] of [
      [{ name: 'A', amount: -1 }, 'amount'],
      [{ name: 'A', amount: 'ten' }, 'amount'],
      [{ name: 'A', closing_date: '2026-02-30' }, 'closing_date'],
      [{ name: 'A', stage: 'lost' }, 'lost_reason'],
    ] as const) {
      const result = dealCreateSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([path]);
    }
  });

  it('reads an imported amount and rounds to cents', () => {
    expect(dealCreateSchema.parse({ name: 'A', amount: '1500.555' }).amount).toBe(1500.56);
    expect(dealCreateSchema.parse({ name: 'A', amount: '175000,5' }).amount).toBe(175000.5);
    expect(dealUpdateSchema.parse({ closing_date: '' }).closing_date).toBe('');
  });

  it('gives the company currency from its country', () => {
    expect(defaultCurrency('CL')).toBe('CLP');
    expect(defaultCurrency('US')).toBe('USD');
  });

  it('refuses a payment of nothing', () => {
    const result = paymentCreateSchema.safeParse({
      deal_id: 'x',
      payment_date: '2026-11-23',
      payment_method: 'cash',
      amount: 0,
    });
    expect(result.error?.issues[0]?.path).toEqual(['amount']);
  });

  it('refuses two stages of one name in a pipeline', () => {
    const result = pipelineCreateSchema.safeParse({ name: 'P', stages: [{ name: 'New' }, { name: 'new' }] });
    expect(result.error?.issues[0]?.path).toEqual(['stages', 1, 'name']);
  });
});

describe('task rules', () => {
  const base = { title: 'Call back', due_date: '2026-11-24T11:00:00Z', owner: ['u1'] };

  it('needs the related record of its module', () => {
    expect(taskCreateSchema.safeParse({ ...base, module: 'contact' }).error?.issues[0]?.path).toEqual([
      'contact_id',
    ]);
    expect(taskCreateSchema.safeParse({ ...base, module: 'deal' }).error?.issues[0]?.path).toEqual([
      'reference_id',
    ]);
    expect(taskCreateSchema.parse({ ...base, module: 'lead', reference_id: 'l1' }).visibility).toBe(2);
  });

  it('keeps titles of 3 to 50 characters and cuts long ones for display', () => {
    expect(
      taskCreateSchema.safeParse({ ...base, module: 'lead', reference_id: 'l', title: 'ab' }).success,
    ).toBe(false);
    expect(cutText('a'.repeat(30), 25)).toBe(`${'a'.repeat(25)}…`);
    expect(cutText('short', 25)).toBe('short');
  });
});
