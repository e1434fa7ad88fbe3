import type { SettingViewField } from '@conversa/domain';
import {
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount, useCan } from '../../account/use-account';
import { notify, notifyWithAction } from '../../notify';
import { FormDialog } from '../../ui/form-dialog';
import { EXPORT_FORMATS, type ExportFormat, useExportRecords } from '../api/export-records';
import { useCreateExtraction } from '../api/extract-records';
import type { RecordsQuery } from '../api/search-records';
import { exportColumnsOf } from '../columns';
import { fieldTitle } from '../field-title';
import { formatNumber } from '../number-format';
import type { RecordModule } from '../record-module';

/**
 * The export dialog: CSV or XLSX of the records the table finds (same filters, search and sort), with
 * the shown columns the file can hold; the server streams the file and the browser saves it. With
 * extraction.create the same request can instead run in the background (a large list), its file then
 * waiting on the extractions screen.
 */
export const ExportDialog = ({
  config,
  fields,
  columns,
  query,
  total,
  isOpen,
  onClose,
}: {
  config: RecordModule;
  fields: SettingViewField[];
  columns: string[];
  query: RecordsQuery;
  /** How many records the table finds, so the person knows the file's size before asking for it. */
  total: number;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const exportable = exportColumnsOf(columns, config.fields);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [chosen, setChosen] = useState<string[]>(exportable);
  const exportRecords = useExportRecords(config);
  const extract = useCreateExtraction();
  const can = useCan();
  const navigate = useNavigate();
  const titleOf = (key: string) => {
    const field = fields.find((item) => item.key === key);
    return field ? fieldTitle(t, field) : key;
  };

  const fileColumns = exportable.filter((key) => chosen.includes(key));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    exportRecords.mutate(
      { query, format, columns: fileColumns },
      {
        onSuccess: (filename) => {
          notify(t('records.export.done', { filename }), 'success');
          onClose();
        },
      },
    );
  };

  const extractInBackground = () =>
    extract.mutate(
      { module: config.module, ...query, columns: fileColumns, format },
      {
        onSuccess: () => {
          notifyWithAction(t('extractions.fromExport.started'), 'success', {
            label: t('extractions.fromExport.open'),
            onClick: () => void navigate('/app/extractions'),
          });
          onClose();
        },
      },
    );

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('records.export.title')}
      text={`${t('records.export.help')} ${t('records.export.count', { count: formatNumber(total, client.number_format) })}`}
      failure={null}
      isPending={exportRecords.isPending || extract.isPending}
      canSubmit={fileColumns.length > 0}
      submitLabel={t('records.export.submit')}
      testId="export"
      onClose={onClose}
      onSubmit={submit}
      extraAction={
        can('extraction.create') && (
          <Button
            onClick={extractInBackground}
            disabled={fileColumns.length === 0 || exportRecords.isPending || extract.isPending}
            sx={{ marginInlineEnd: 'auto' }}
            data-testid="export-background"
          >
            {t('extractions.fromExport.button')}
          </Button>
        )
      }
    >
      <FormControl>
        <FormLabel id="export-format">{t('records.export.format')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="export-format"
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
        >
          {EXPORT_FORMATS.map((item) => (
            <FormControlLabel
              key={item}
              value={item}
              control={<Radio />}
              label={t(`records.export.${item}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('records.export.columns')}</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {exportable.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(key)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked ? [...current, key] : current.filter((item) => item !== key),
                    )
                  }
                />
              }
              label={titleOf(key)}
            />
          ))}
        </FormGroup>
      </FormControl>
    </FormDialog>
  );
};
