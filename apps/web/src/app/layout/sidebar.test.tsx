import type { AccessSubject } from '@conversa/domain';
import { CLIENT_PERMISSIONS, MASTER_PERMISSIONS } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessSubjectOf } from '../../shared/account/use-account';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { renderWithProviders } from '../../test/render';
import { Sidebar } from './sidebar';

const renderSidebar = (subject: AccessSubject) =>
  renderWithProviders(
    <MemoryRouter>
      <Sidebar subject={subject} />
    </MemoryRouter>,
  );

const entries = () =>
  within(screen.getByTestId('sidebar'))
    .getAllByTestId(/^nav-/)
    .map((element) => element.dataset.testid);

beforeEach(async () => {
  await changeLocale('es');
});

describe('sidebar', () => {
  it('lists only the modules a staff user may open', () => {
    renderSidebar({
      account: 'user',
      userAccess: ['chat.view', 'contact.view'],
      clientAccess: [...CLIENT_PERMISSIONS],
    });

    expect(entries()).toEqual(['nav-dashboard', 'nav-chat', 'nav-contacts']);
    expect(screen.queryByTestId('sidebar-admin')).not.toBeInTheDocument();
  });

  it('shows every module, the Marketplace and no admin section to a company owner on the full plan', () => {
    renderSidebar({
      account: 'client',
      userAccess: [],
      clientAccess: [...CLIENT_PERMISSIONS, ...MASTER_PERMISSIONS],
    });

    expect(entries()).toEqual([
      'nav-dashboard',
      'nav-chat',
      'nav-contacts',
      'nav-leads',
      'nav-devices',
      'nav-deals',
      'nav-payments',
      'nav-tasks',
      'nav-agendas',
      'nav-diffusions',
      'nav-confirmations',
      'nav-storage',
      'nav-extractions',
      'nav-settings',
      'nav-marketplace',
    ]);
    expect(screen.getByTestId('nav-contacts')).toHaveTextContent('Contactos');
    expect(screen.queryByTestId('sidebar-admin')).not.toBeInTheDocument();
  });

  it("follows the account bundle's market flag: it opens every module and the Marketplace, and without it they hide", () => {
    const staffOf = (market: boolean) =>
      accessSubjectOf(
        makeAccount({ user: { account: 'user', access: ['chat.view'] }, client: { access: [], market } }),
      );

    const { unmount } = renderSidebar(staffOf(true));
    expect(entries()).toContain('nav-marketplace');
    expect(entries()).toContain('nav-deals');
    unmount();

    renderSidebar(staffOf(false));
    expect(entries()).toEqual(['nav-dashboard', 'nav-chat']);
  });

  it('adds the admin section for the master account, before the modules', () => {
    renderSidebar({ account: 'master', userAccess: [], clientAccess: [...MASTER_PERMISSIONS] });
    const [firstList] = screen.getByTestId('sidebar').querySelectorAll('ul');
    expect(firstList).toBe(screen.getByTestId('sidebar-admin'));

    const admin = within(screen.getByTestId('sidebar-admin'));
    expect(admin.getByText('Administración')).toBeInTheDocument();
    expect(admin.getAllByTestId(/^nav-/).map((element) => element.dataset.testid)).toEqual([
      'nav-clients',
      'nav-usersAdmin',
      'nav-plans',
      'nav-features',
      'nav-devicesAdmin',
      'nav-newsletters',
      'nav-jobs',
    ]);
  });
});
