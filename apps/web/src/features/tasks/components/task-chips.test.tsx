import { TASK_EXPIRY } from '@conversa/domain';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { ExpiryChip } from './task-chips';

beforeEach(async () => {
  await changeLocale('es');
});

describe('a task expiry chip', () => {
  it('speaks of expiring only for a task near or past its due date; a later one reads on time', () => {
    const labels = TASK_EXPIRY.map((expiry) => {
      const { unmount } = render(<ExpiryChip expiry={expiry} />);
      const label = screen.getByTestId('task-expiry').textContent;
      unmount();
      return [expiry, label];
    });
    expect(Object.fromEntries(labels)).toEqual({
      expired: 'Vencida',
      overdue: 'Atrasada',
      expires_today: 'Vence hoy',
      next_to_expire: 'Próxima a vencer',
      expires: 'A tiempo',
    });
  });
});
