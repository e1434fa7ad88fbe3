import type { Integration } from '@conversa/domain';
import Add from '@mui/icons-material/Add';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import { Box, Button, TableCell, TableRow, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import { PagedTable, usePaging } from '../../../../shared/ui/paged-table';
import { visuallyHidden, wideOnly } from '../../../../shared/ui/table-styles';
import {
  DeleteIntegrationDialog,
  IntegrationActions,
  LastCallCell,
  SectionHeader,
} from '../integration-row-parts';
import { StatusCell } from '../integration-status';
import { useIntegrationList } from '../integrations-api';
import { YeastarDialog } from './yeastar-dialog';
import { yeastarFormOf } from './yeastar-form';

const PBX_TYPES = ['yeastar'] as const;

type RowProps = { integration: Integration; canEdit: boolean; onEdit: () => void; onDelete: () => void };

const YeastarRow = ({ integration, canEdit, onEdit, onDelete }: RowProps) => {
  const { t } = useTranslation();
  const { pbx_url, extensions } = yeastarFormOf(integration);
  return (
    <TableRow data-testid="yeastar-row" data-id={integration.id} hover>
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {integration.name}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          dir="ltr"
          sx={{ display: 'block', fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {pbx_url}
        </Typography>
      </TableCell>
      <TableCell sx={wideOnly} data-testid="yeastar-extension-count">
        {t('settings.yeastar.extensionCount', { count: extensions.length })}
      </TableCell>
      <TableCell>
        <StatusCell integration={integration} />
      </TableCell>
      <LastCallCell integration={integration} testId="yeastar-last-sync" />
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IntegrationActions
          integration={integration}
          texts="settings.yeastar"
          testId="yeastar"
          canEdit={canEdit}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </TableCell>
    </TableRow>
  );
};

/**
 * The company's phone system (Yeastar P-Series): its calls reach the contacts' timelines by webhook and
 * users ring contacts from their extension. With setting.edit it is connected, tested, edited and removed.
 */
export const YeastarSection = () => {
  const { t } = useTranslation();
  const canEdit = useCan()('setting.edit');
  const paging = usePaging();
  const query = useIntegrationList({ page: paging.page, offset: paging.offset }, PBX_TYPES);
  const [editing, setEditing] = useState<{ integration?: Integration } | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const titleId = useId();
  const rows = (query.data?.rows ?? []).filter((integration) => integration.type === 'yeastar');

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }} data-testid="yeastar">
      <SectionHeader
        titleId={titleId}
        title={t('settings.yeastar.title')}
        intro={t('settings.yeastar.sectionIntro')}
        action={
          canEdit && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({})}
              data-testid="yeastar-new"
            >
              {t('settings.yeastar.new')}
            </Button>
          )
        }
      />
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('settings.yeastar.title')}
        testId="yeastar-rows"
        columns={5}
        texts={{ loadFailed: t('settings.yeastar.loadFailed'), rowsPerPage: t('settings.audit.rowsPerPage') }}
        empty={{
          icon: PhoneInTalkOutlined,
          title: t('settings.yeastar.empty'),
          description: t('settings.yeastar.emptyHelp'),
        }}
        head={
          <>
            <TableCell>{t('settings.yeastar.column.pbx')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.yeastar.column.extensions')}</TableCell>
            <TableCell>{t('settings.integrations.column.status')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.integrations.column.lastSync')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('settings.integrations.column.actions')}
              </Box>
            </TableCell>
          </>
        }
      >
        {rows.map((integration) => (
          <YeastarRow
            key={integration.id}
            integration={integration}
            canEdit={canEdit}
            onEdit={() => setEditing({ integration })}
            onDelete={() => setDeleting(integration)}
          />
        ))}
      </PagedTable>
      {editing && (
        <YeastarDialog
          key={editing.integration?.id ?? 'new'}
          integration={editing.integration}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteIntegrationDialog
        deleting={deleting}
        texts="settings.yeastar"
        testId="yeastar"
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
