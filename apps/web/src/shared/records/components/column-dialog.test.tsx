import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ColumnDialog } from './column-dialog';

const OPTIONS = [
  { key: 'full_name', label: 'Nombre completo' },
  { key: 'phone', label: 'Teléfono' },
  { key: 'email', label: 'Correo electrónico' },
];

describe('column dialog', () => {
  it('needs at least one column to update', async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <ColumnDialog
        isOpen
        options={OPTIONS}
        selected={['full_name']}
        onClose={() => undefined}
        onSave={onSave}
      />,
    );
    const update = screen.getByRole('button', { name: 'Actualizar' });
    expect(update).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar Nombre completo' }));
    expect(update).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Selecciona al menos una columna');
  });

  it('adds from the left pane, reorders with the keyboard buttons and saves the order', async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <ColumnDialog
        isOpen
        options={OPTIONS}
        selected={['full_name', 'phone']}
        onClose={() => undefined}
        onSave={onSave}
      />,
    );
    await userEvent.click(within(screen.getByTestId('columns-available')).getByText('Correo electrónico'));
    await userEvent.click(screen.getByRole('button', { name: 'Subir Correo electrónico' }));
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onSave).toHaveBeenCalledWith(['full_name', 'email', 'phone']);
  });
});
