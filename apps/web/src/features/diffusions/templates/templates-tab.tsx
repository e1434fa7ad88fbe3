import { EDITABLE_TEMPLATE_STATUSES, type Template, type TemplateStatus } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import Add from '../../../shared/icons/Add';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../shared/icons/EditOutlined';
import Sync from '../../../shared/icons/Sync';
import ViewQuilt from '../../../shared/icons/ViewQuilt';
import { notify } from '../../../shared/notify';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TemplateQualityChip, TemplateStatusChip } from './template-chips';
import { isOfficialWhatsapp, TemplateDialog } from './template-dialog';
import {
  useDeleteTemplate,
  useSynchronizeTemplates,
  useTemplateList,
  useTemplatesLive,
} from './templates-api';

/** Asks before a template is deleted, here and in WhatsApp. */
const DeleteTemplateDialog = ({ template, onClose }: { template: Template | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  const confirm = async () => {
    if (!template) return;
    await remove.mutateAsync(template.id);
    notify(t('templates.delete.done'), 'success');
    onClose();
  };
  return (
    <Dialog open={template !== null} onClose={remove.isPending ? undefined : onClose}>
      <DialogTitle>{t('templates.delete.title', { name: template?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('templates.delete.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending} data-testid="template-delete-cancel">
          {t('templates.delete.no')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={remove.isPending}
          data-testid="template-delete-confirm"
        >
          {t('templates.delete.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The Templates tab of /app/diffusions: the company's WhatsApp templates with their review status and
 * quality (kept live by the provider's webhooks), filtered by device; Synchronize, New template, delete.
 */
export const TemplatesTab = () => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const devices = useAccount().list_device.filter(isAccountDevice);
  const [deviceId, setDeviceId] = useState('');
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [editing, setEditing] = useState<Template | null>(null);
  const hasActions = can('template.edit') || can('template.delete');
  /** WhatsApp takes an edit only of an approved, rejected or paused template. */
  const isEditable = (template: Template) =>
    can('template.edit') && EDITABLE_TEMPLATE_STATUSES.includes(template.status as TemplateStatus);
  const list = useTemplateList(deviceId);
  const synchronize = useSynchronizeTemplates();
  useTemplatesLive();
  const format = formattersFor(i18n.language);
  const deviceName = (id: string) => devices.find((device) => device.id === id)?.name ?? '';
  const rows = list.data ?? [];

  const runSynchronize = async () => {
    await synchronize.mutateAsync();
    notify(t('templates.synchronized'), 'success');
  };

  return (
    <Box data-testid="templates-tab">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('templates.device')}
          value={deviceId}
          onChange={(event) => setDeviceId(event.target.value)}
          sx={{ minInlineSize: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'templates-device-filter' } }}
        >
          <MenuItem value="">{t('templates.allDevices')}</MenuItem>
          {devices.filter(isOfficialWhatsapp).map((device) => (
            <MenuItem key={device.id} value={device.id}>
              {device.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<Sync />}
          onClick={() => void runSynchronize()}
          disabled={synchronize.isPending}
          data-testid="templates-synchronize"
        >
          {t('templates.synchronize')}
        </Button>
        {can('template.create') && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(true)}
            data-testid="templates-new"
          >
            {t('templates.new')}
          </Button>
        )}
      </Box>
      <Card>
        {(list.isFetching || synchronize.isPending) && <LinearProgress />}
        {list.isError && <Alert severity="error">{t('templates.loadFailed')}</Alert>}
        {list.isSuccess && rows.length === 0 ? (
          <EmptyState icon={ViewQuilt} title={t('templates.empty')} description={t('templates.emptyHint')} />
        ) : (
          <Table size="small" aria-label={t('templates.tab')} data-testid="templates-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('templates.columns.name')}</TableCell>
                <TableCell>{t('templates.columns.language')}</TableCell>
                <TableCell>{t('templates.columns.category')}</TableCell>
                <TableCell>{t('templates.columns.status')}</TableCell>
                <TableCell>{t('templates.columns.quality')}</TableCell>
                <TableCell>{t('templates.columns.updated')}</TableCell>
                {hasActions && (
                  <TableCell sx={{ textAlign: 'end' }}>{t('templates.columns.actions')}</TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((template) => (
                <TableRow key={template.id} data-testid={`template-row-${template.name}`}>
                  <TableCell>
                    <Box sx={{ fontWeight: 600 }}>{template.name}</Box>
                    <Box sx={{ color: 'text.secondary', fontSize: 12 }}>{deviceName(template.device_id)}</Box>
                  </TableCell>
                  <TableCell>{template.language}</TableCell>
                  <TableCell>
                    {t(`templates.categories.${template.category}`, { defaultValue: template.category })}
                  </TableCell>
                  <TableCell>
                    <TemplateStatusChip status={template.status} reason={template.reason} />
                  </TableCell>
                  <TableCell>
                    <TemplateQualityChip quality={template.quality} />
                  </TableCell>
                  <TableCell>{format.dateTime(template.update_date)}</TableCell>
                  {hasActions && (
                    <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                      {isEditable(template) && (
                        <IconButton
                          aria-label={t('templates.edit.action')}
                          onClick={() => setEditing(template)}
                          data-testid={`template-edit-${template.name}`}
                        >
                          <EditOutlined />
                        </IconButton>
                      )}
                      {can('template.delete') && (
                        <IconButton
                          aria-label={t('templates.delete.action')}
                          onClick={() => setDeleting(template)}
                          data-testid={`template-delete-${template.name}`}
                        >
                          <DeleteOutline />
                        </IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <TemplateDialog isOpen={isCreating} deviceId={deviceId} onClose={() => setCreating(false)} />
      <TemplateDialog
        isOpen={editing !== null}
        deviceId={editing?.device_id ?? ''}
        template={editing}
        onClose={() => setEditing(null)}
      />
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
};
