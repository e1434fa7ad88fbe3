import { type AuditEntry, MODULE_FIELDS, VIEW_MODULES, type ViewModule } from '@conversa/domain';
import {
  Box,
  Chip,
  Collapse,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import KeyboardArrowDown from '../../../shared/icons/KeyboardArrowDown';
import KeyboardArrowUp from '../../../shared/icons/KeyboardArrowUp';
import { wideOnly } from '../../../shared/ui/table-styles';
import { auditValueText, changedFields } from './audit-filters';

const ACTION_COLORS: Record<string, 'success' | 'info' | 'error' | 'default' | 'warning'> = {
  create: 'success',
  update: 'info',
  delete: 'error',
  permission: 'warning',
};

const isViewModule = (module: string): module is ViewModule =>
  (VIEW_MODULES as readonly string[]).includes(module);

/** One audit-log row; opened, it lists every changed field with its value before and after. */
export const AuditRow = ({ entry, isNarrow }: { entry: AuditEntry; isNarrow: boolean }) => {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const detailId = useId();
  const format = formattersFor(i18n.language);
  const changes = changedFields(entry.changes);
  const who = entry.user_name || t('settings.audit.system');
  const fieldLabel = (field: string) => {
    const declared = isViewModule(entry.module)
      ? MODULE_FIELDS[entry.module].find((candidate) => candidate.key === field)
      : undefined;
    return declared && i18n.exists(declared.i18n) ? t(declared.i18n) : field;
  };
  return (
    <>
      <TableRow hover data-testid="audit-row" sx={{ '& > td': { borderBottom: isOpen ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            onClick={() => setIsOpen((open) => !open)}
            disabled={changes.length === 0}
            aria-expanded={isOpen}
            aria-controls={detailId}
            aria-label={t(isOpen ? 'settings.audit.hideChanges' : 'settings.audit.showChanges')}
            data-testid="audit-expand"
          >
            {isOpen ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: isNarrow ? undefined : 'nowrap' }}>
          {format.dateTime(entry.create_date)}
          {isNarrow && (
            <Typography variant="body2" color="text.secondary">
              {who}
            </Typography>
          )}
        </TableCell>
        {!isNarrow && <TableCell>{who}</TableCell>}
        <TableCell>
          <Chip
            size="small"
            label={t(`settings.audit.action.${entry.action}`)}
            color={ACTION_COLORS[entry.action] ?? 'default'}
            variant="outlined"
            data-testid="audit-action"
          />
        </TableCell>
        <TableCell data-testid="audit-module">{t(`settings.audit.module.${entry.module}`)}</TableCell>
        <TableCell
          sx={{ ...wideOnly, fontFamily: 'monospace', fontSize: 12 }}
          title={entry.record_id}
          dir="ltr"
        >
          {entry.record_id ? entry.record_id.slice(0, 8) : '—'}
        </TableCell>
        <TableCell sx={{ ...wideOnly, fontFamily: 'monospace', fontSize: 12 }} dir="ltr">
          {entry.ip || '—'}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, ...(isOpen ? {} : { borderBottom: 0 }) }}>
          <Collapse in={isOpen} unmountOnExit>
            <Box id={detailId} sx={{ py: 1.5, overflowX: 'auto' }} data-testid="audit-changes">
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                {t('settings.audit.changes', { count: changes.length })}
              </Typography>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('settings.audit.field')}</TableCell>
                    <TableCell>{t('settings.audit.before')}</TableCell>
                    <TableCell>{t('settings.audit.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {changes.map((change) => (
                    <TableRow key={change.field} data-testid="audit-change">
                      <TableCell sx={{ fontWeight: 500 }}>{fieldLabel(change.field)}</TableCell>
                      <TableCell sx={{ color: 'error.main', wordBreak: 'break-word' }}>
                        {auditValueText(change.before)}
                      </TableCell>
                      <TableCell sx={{ color: 'success.main', wordBreak: 'break-word' }}>
                        {auditValueText(change.after)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
};
