import type { SettingViewField } from '@conversa/domain';
import {
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
import { useAccount } from '../../account/use-account';
import { notify } from '../../notify';
import { FormDialog } from '../../ui/form-dialog';
import { EXPORT_FORMATS, type ExportFormat, useExportRecords } from '../api/export-records';
import type { RecordsQuery } from '../api/search-records';
import { exportColumnsOf } from '../columns';
import { fieldTitle } from '../field-title';
import { formatNumber } from '../number-format';
import type { RecordModule } from '../record-module';

/**
 * The export dialog: CSV or XLSX of the records the table finds (same filters, search and sort), with
 * the shown columns the file can hold; the server streams the file and the browser saves it.
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
  const titleOf = (key: string) => {
    const field = fields.find((item) => item.key === key);
    return field ? fieldTitle(t, field) : key;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    exportRecords.mutate(
      { query, format, columns: exportable.filter((key) => chosen.includes(key)) },
      {
        onSuccess: (filename) => {
          notify(t('records.export.done', { filename }), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('records.export.title')}
      text={`${t('records.export.help')} ${t('records.export.count', { count: formatNumber(total, client.number_format) })}`}
      failure={null}
      isPending={exportRecords.isPending}
      canSubmit={chosen.some((key) => exportable.includes(key))}
      submitLabel={t('records.export.submit')}
      testId="export"
      onClose={onClose}
      onSubmit={submit}
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
