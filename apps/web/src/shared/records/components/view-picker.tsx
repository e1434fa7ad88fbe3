import type { View } from '@conversa/domain';
import {
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../account/use-account';
import BusinessOutlined from '../../icons/BusinessOutlined';
import Check from '../../icons/Check';
import ExpandMore from '../../icons/ExpandMore';
import PersonOutline from '../../icons/PersonOutline';
import SaveOutlined from '../../icons/SaveOutlined';
import ViewListOutlined from '../../icons/ViewListOutlined';
import { notify } from '../../notify';
import { FormDialog } from '../../ui/form-dialog';
import { useCreateView, useUpdateView } from '../api/views';
import { canEditView } from '../columns';
import type { RecordModule } from '../record-module';
import type { RecordsState } from '../use-records-state';

/**
 * The saved views of the module (spec section 3, view settings): the default columns, the person's own
 * views and the company's; the current setup can be saved into the chosen view (when the person may
 * change it) or as a new view, personal or for the whole company (with setting.edit).
 */
export const ViewPicker = ({ config, records }: { config: RecordModule; records: RecordsState }) => {
  const { t } = useTranslation();
  const { user } = useAccount();
  const can = useCan();
  const canShare = can('setting.edit');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [name, setName] = useState('');
  const [isShared, setIsShared] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const createView = useCreateView();
  const updateView = useUpdateView();
  const { view, views, state } = records;
  const canSaveHere = view !== undefined && canEditView(view, user.id, canShare);

  const setup = {
    columns: state.columns,
    filters: { filters: records.filters, logical: state.logical },
    sort: state.sort ?? null,
  };
  const choose = (next: View | undefined) => {
    records.chooseView(next);
    setAnchor(null);
  };
  const saveHere = () => {
    if (!view) return;
    setAnchor(null);
    updateView.mutate(
      { id: view.id, change: setup },
      { onSuccess: () => notify(t('records.views.saved'), 'success') },
    );
  };
  const openSaveAs = () => {
    setAnchor(null);
    setName('');
    setIsShared(false);
    setIsDefault(false);
    setIsSaving(true);
  };
  const saveAs = (event: FormEvent) => {
    event.preventDefault();
    createView.mutate(
      {
        module: config.module,
        name: name.trim(),
        ...setup,
        kanban: { columns: [] },
        is_default: isDefault,
        shared: isShared,
      },
      {
        onSuccess: (created) => {
          records.chooseView(created);
          setIsSaving(false);
          notify(t('records.views.saved'), 'success');
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ViewListOutlined />}
        endIcon={<ExpandMore />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="view-picker"
        sx={{ maxWidth: 300, minWidth: 0 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {view?.name ?? t('records.views.default')}
          {records.isChanged ? ' *' : ''}
        </span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={!view} onClick={() => choose(undefined)}>
          <ListItemIcon>{!view && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText primary={t('records.views.default')} />
        </MenuItem>
        {views.map((item) => (
          <MenuItem key={item.id} selected={item.id === view?.id} onClick={() => choose(item)}>
            <ListItemIcon>{item.id === view?.id && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={item.name}
              secondary={[
                t(item.owner === null ? 'records.views.company' : 'records.views.personal'),
                item.is_default ? t('records.views.isDefault') : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            {item.owner === null ? (
              <BusinessOutlined fontSize="small" sx={{ color: 'text.secondary', marginInlineStart: 1 }} />
            ) : (
              <PersonOutline fontSize="small" sx={{ color: 'text.secondary', marginInlineStart: 1 }} />
            )}
          </MenuItem>
        ))}
        <Divider />
        {canSaveHere && (
          <MenuItem disabled={!records.isChanged} onClick={saveHere}>
            <ListItemIcon>
              <SaveOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('records.views.saveChanges')} />
          </MenuItem>
        )}
        <MenuItem onClick={openSaveAs} data-testid="save-view-as">
          <ListItemIcon>
            <SaveOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('records.views.saveAs')} />
        </MenuItem>
      </Menu>
      <FormDialog
        isOpen={isSaving}
        title={t('records.views.saveAs')}
        text={t('records.views.saveAsHelp')}
        failure={null}
        isPending={createView.isPending}
        canSubmit={name.trim() !== ''}
        submitLabel={t('records.views.save')}
        testId="save-view"
        onClose={() => setIsSaving(false)}
        onSubmit={saveAs}
      >
        <TextField
          label={t('records.views.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          required
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <RadioGroup
          value={isShared ? 'company' : 'personal'}
          onChange={(event) => setIsShared(event.target.value === 'company')}
          aria-label={t('records.views.whoSees')}
        >
          <FormControlLabel value="personal" control={<Radio />} label={t('records.views.forMe')} />
          <FormControlLabel
            value="company"
            control={<Radio />}
            disabled={!canShare}
            label={t('records.views.forCompany')}
          />
        </RadioGroup>
        <FormControlLabel
          control={<Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />}
          label={t('records.views.makeDefault')}
        />
      </FormDialog>
    </>
  );
};
