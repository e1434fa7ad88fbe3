import {
  EXTRACTION_FORMATS,
  EXTRACTION_MODULES,
  type ExtractionFormat,
  type ExtractionModule,
  MODULE_FIELDS,
} from '@conversa/domain';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { notify } from '../../../shared/notify';
import { useCreateExtraction } from '../../../shared/records/api/extract-records';
import { columnsOf, defaultViewOf, exportColumnsOf, fallbackFields } from '../../../shared/records/columns';
import { fieldTitle } from '../../../shared/records/field-title';
import { permissionOf } from '../../../shared/records/record-module';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { MODULE_TITLES } from '../extraction-state';

/** How long the download link stays valid, as the dialog offers it: an hour, a day, a week. */
const LINK_VALIDITIES = [3_600, 86_400, 604_800] as const;

/**
 * A new extraction of a whole module (the module's list extracts its filtered view from its export
 * dialog): the module, its columns as `view/fields` names them, the format and the link's validity.
 */
export const NewExtractionDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  const account = useAccount();
  // An extraction needs the module's export key besides extraction.create.
  const modules = EXTRACTION_MODULES.filter((item) => {
    const key = permissionOf({ permission: item }, 'export');
    return key !== undefined && can(key);
  });
  const [module, setModule] = useState<ExtractionModule | undefined>(modules[0]);
  const fields = useMemo(
    () =>
      module ? (account.setting_views[module] ?? fallbackFields(MODULE_FIELDS[module], (key) => t(key))) : [],
    [account.setting_views, module, t],
  );
  // The columns the person sees on the module's list come ticked, as its export dialog ticks them.
  const shownColumns = (of: ExtractionModule) => {
    const ofFields = account.setting_views[of] ?? fallbackFields(MODULE_FIELDS[of], (key) => t(key));
    const view = defaultViewOf(account.views, of, account.user.id);
    return exportColumnsOf(columnsOf(view, ofFields, MODULE_FIELDS[of]), MODULE_FIELDS[of]);
  };
  const exportable = useMemo(
    () =>
      module
        ? exportColumnsOf(
            fields.map((field) => field.key),
            MODULE_FIELDS[module],
          )
        : [],
    [fields, module],
  );
  const [chosen, setChosen] = useState<string[]>(() => (module ? shownColumns(module) : []));
  const [format, setFormat] = useState<ExtractionFormat>('csv');
  const [expiresIn, setExpiresIn] = useState<number>(86_400);
  const create = useCreateExtraction();
  const columns = exportable.filter((key) => chosen.includes(key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!module) return;
    create.mutate(
      { module, columns, format, expires_in: expiresIn },
      {
        onSuccess: () => {
          notify(t('extractions.started'), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      isOpen
      title={t('extractions.new')}
      text={t(modules.length > 0 ? 'extractions.newHelp' : 'extractions.noModule')}
      failure={null}
      isPending={create.isPending}
      canSubmit={module !== undefined && columns.length > 0}
      submitLabel={t('extractions.submit')}
      testId="extraction"
      onClose={onClose}
      onSubmit={submit}
    >
      {module && (
        <>
          <TextField
            select
            size="small"
            label={t('extractions.module')}
            value={module}
            onChange={(event) => {
              const next = event.target.value as ExtractionModule;
              setModule(next);
              setChosen(shownColumns(next));
            }}
            slotProps={{ htmlInput: { 'data-testid': 'extraction-module' } }}
          >
            {modules.map((item) => (
              <MenuItem key={item} value={item}>
                {t(MODULE_TITLES[item])}
              </MenuItem>
            ))}
          </TextField>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('extractions.columns')}</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {fields
                .filter((field) => exportable.includes(field.key))
                .map((field) => (
                  <FormControlLabel
                    key={field.key}
                    control={
                      <Checkbox
                        size="small"
                        checked={chosen.includes(field.key)}
                        onChange={(event) =>
                          setChosen((current) =>
                            event.target.checked
                              ? [...current, field.key]
                              : current.filter((item) => item !== field.key),
                          )
                        }
                      />
                    }
                    label={fieldTitle(t, field)}
                  />
                ))}
            </FormGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="extraction-format">{t('extractions.format')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="extraction-format"
              value={format}
              onChange={(event) => setFormat(event.target.value as ExtractionFormat)}
            >
              {EXTRACTION_FORMATS.map((item) => (
                <FormControlLabel key={item} value={item} control={<Radio />} label={item.toUpperCase()} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            size="small"
            label={t('extractions.validity')}
            value={expiresIn}
            onChange={(event) => setExpiresIn(Number(event.target.value))}
            helperText={t('extractions.validityHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'extraction-validity' } }}
          >
            {LINK_VALIDITIES.map((seconds) => (
              <MenuItem key={seconds} value={seconds}>
                {t(`extractions.validityOption.${seconds}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
    </FormDialog>
  );
};
