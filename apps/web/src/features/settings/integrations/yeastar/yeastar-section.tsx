import type { Integration } from '@conversa/domain';
import { TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/account/use-account';
import PhoneInTalkOutlined from '../../../../shared/icons/PhoneInTalkOutlined';
import { wideOnly } from '../../../../shared/ui/table-styles';
import { DeleteIntegrationDialog, IntegrationCells, IntegrationHeadCells } from '../integration-row-parts';
import { AddButton, IntegrationSection, SectionTable } from '../integration-section';
import { useIntegrationPage } from '../integrations-api';
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
      <IntegrationCells
        integration={integration}
        texts="settings.yeastar"
        testId="yeastar"
        lastCallTestId="yeastar-last-sync"
        canEdit={canEdit}
        onEdit={onEdit}
        onDelete={onDelete}
      />
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
  const list = useIntegrationPage(PBX_TYPES);
  const [editing, setEditing] = useState<{ integration?: Integration } | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);

  return (
    <IntegrationSection
      testId="yeastar"
      title={t('settings.yeastar.title')}
      intro={t('settings.yeastar.sectionIntro')}
      action={
        canEdit && (
          <AddButton label={t('settings.yeastar.new')} testId="yeastar-new" onClick={() => setEditing({})} />
        )
      }
    >
      <SectionTable
        list={list}
        label={t('settings.yeastar.title')}
        testId="yeastar-rows"
        loadFailed={t('settings.yeastar.loadFailed')}
        empty={{
          icon: PhoneInTalkOutlined,
          title: t('settings.yeastar.empty'),
          description: t('settings.yeastar.emptyHelp'),
        }}
        columns={4}
        hasActions
        head={
          <>
            <TableCell>{t('settings.yeastar.column.pbx')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.yeastar.column.extensions')}</TableCell>
            <IntegrationHeadCells />
          </>
        }
      >
        {list.rows.map((integration) => (
          <YeastarRow
            key={integration.id}
            integration={integration}
            canEdit={canEdit}
            onEdit={() => setEditing({ integration })}
            onDelete={() => setDeleting(integration)}
          />
        ))}
      </SectionTable>
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
    </IntegrationSection>
  );
};
