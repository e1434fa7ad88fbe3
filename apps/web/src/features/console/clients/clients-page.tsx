import type { ConsoleClient } from '@conversa/domain';
import { Button, TableCell } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import AddBusinessOutlined from '../../../shared/icons/AddBusinessOutlined';
import BusinessOutlined from '../../../shared/icons/BusinessOutlined';
import { notify } from '../../../shared/notify';
import { startImpersonation, useSession } from '../../../shared/session';
import { wideOnly } from '../../../shared/ui/table-styles';
import { ConfirmDialog } from '../../settings/confirm-dialog';
import { ConsoleListPage, useSearchedList } from '../shared/console-list-page';
import { impersonate, useConsoleClients, useDeleteClient, useSetClientStatus } from './api/clients-api';
import { type ClientAction, ClientRow } from './client-row';
import { CreateClientDialog } from './create-client-dialog';
import { EditClientDialog } from './edit-client-dialog';

type Open =
  | { kind: 'create' }
  | { kind: 'edit' | 'block' | 'unblock' | 'delete'; client: ConsoleClient }
  | null;

/**
 * The master's companies (`/app/clients`): plan, expiry, paid state, usage and status; create, edit,
 * block, unblock or delete, and act as a company's owner.
 */
export const ClientsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ownId = useSession()?.clientID;
  const queryClient = useQueryClient();
  const { paging, text, searched: query, onSearch } = useSearchedList(300);
  const result = useConsoleClients({ page: paging.page + 1, offset: paging.offset, search: query });
  const setStatus = useSetClientStatus();
  const deleteClient = useDeleteClient();
  const [open, setOpen] = useState<Open>(null);
  const [isEntering, setIsEntering] = useState(false);
  const clients = result.data?.clients ?? [];

  const changeStatus = (client: ConsoleClient, status: ConsoleClient['status']) =>
    setStatus.mutate(
      { id: client.id, status },
      {
        onSuccess: () => {
          notify(
            t(`consoleClients.${status === 'blocked' ? 'blocked' : 'unblocked'}`, { name: client.name }),
            'success',
          );
          setOpen(null);
        },
      },
    );

  const remove = (client: ConsoleClient) =>
    deleteClient.mutate(client.id, {
      onSuccess: () => {
        notify(t('consoleClients.deleted', { name: client.name }), 'success');
        setOpen(null);
      },
    });

  /** The master's own session is kept aside; the app reloads its data as the company's owner. */
  const actAs = async (client: ConsoleClient) => {
    setIsEntering(true);
    try {
      const session = await impersonate(client.id);
      // Cleared first, so nothing of the console stays; the switch of session then loads the owner's bundle.
      queryClient.clear();
      startImpersonation({ token: session.access_token, clientID: session.clientid, userID: session.userid });
      navigate('/app', { replace: true });
    } catch {
      setIsEntering(false);
    }
  };

  const onAction = (action: ClientAction, client: ConsoleClient) => {
    if (action === 'impersonate') void actAs(client);
    else setOpen({ kind: action, client });
  };

  return (
    <ConsoleListPage
      title={t('nav.clients')}
      subtitle={t('consoleClients.subtitle')}
      actions={
        <Button
          variant="contained"
          startIcon={<AddBusinessOutlined />}
          onClick={() => setOpen({ kind: 'create' })}
          data-testid="client-new"
        >
          {t('consoleClients.new')}
        </Button>
      }
      search={{
        value: text,
        onChange: onSearch,
        label: t('consoleClients.search'),
        testId: 'clients-search',
        hasIcon: true,
      }}
      query={result}
      paging={paging}
      rowCount={clients.length}
      total={result.data?.pagination.total ?? 0}
      label={t('consoleClients.tableLabel')}
      testId="clients-table"
      columns={7}
      texts={{ loadFailed: t('consoleClients.loadFailed'), rowsPerPage: t('consoleClients.rowsPerPage') }}
      empty={{
        icon: BusinessOutlined,
        title: t(query ? 'consoleClients.noMatch' : 'consoleClients.empty'),
      }}
      head={
        <>
          <TableCell>{t('consoleClients.column.company')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleClients.column.plan')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleClients.column.expires')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleClients.column.paid')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleClients.column.usage')}</TableCell>
          <TableCell sx={wideOnly}>{t('consoleClients.column.status')}</TableCell>
          <TableCell align="right">{t('consoleClients.column.actions')}</TableCell>
        </>
      }
      dialogs={
        <>
          {open?.kind === 'create' && <CreateClientDialog onClose={() => setOpen(null)} />}
          {open?.kind === 'edit' && <EditClientDialog client={open.client} onClose={() => setOpen(null)} />}
          {(open?.kind === 'block' || open?.kind === 'unblock') && (
            <ConfirmDialog
              isOpen
              title={t(`consoleClients.${open.kind}Title`, { name: open.client.name })}
              text={t(`consoleClients.${open.kind}Text`)}
              confirmLabel={t(`consoleClients.${open.kind}`)}
              isPending={setStatus.isPending}
              testId={`client-${open.kind}`}
              onCancel={() => setOpen(null)}
              onConfirm={() => changeStatus(open.client, open.kind === 'block' ? 'blocked' : 'active')}
            />
          )}
          {open?.kind === 'delete' && (
            <ConfirmDialog
              isOpen
              title={t('consoleClients.deleteTitle', { name: open.client.name })}
              text={t('consoleClients.deleteText')}
              confirmLabel={t('consoleClients.delete')}
              isPending={deleteClient.isPending}
              testId="client-delete"
              onCancel={() => setOpen(null)}
              onConfirm={() => remove(open.client)}
            />
          )}
        </>
      }
    >
      {clients.map((client) => (
        <ClientRow
          key={client.id}
          client={client}
          isOwn={client.id === ownId}
          isBusy={isEntering || setStatus.isPending || deleteClient.isPending}
          onAction={onAction}
        />
      ))}
    </ConsoleListPage>
  );
};
