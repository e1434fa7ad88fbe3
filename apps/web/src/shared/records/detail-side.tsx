import type { SettingViewField, ViewModule } from '@conversa/domain';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/use-account';
import { notify } from '../notify';
import type { EditInput } from './cell-edit';
import { FieldInput } from './components/field-input';
import { ListChip } from './components/list-chip';

/** One titled part of a record's side panel. */
export const SideSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box>
    <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The card of a record's side panel: its sections one under the other. */
export const SideCard = ({ children }: { children: ReactNode }) => (
  <Card variant="outlined">
    <CardContent>
      <Stack spacing={2.5}>{children}</Stack>
    </CardContent>
  </Card>
);

type SaveMutation<Patch> = {
  mutate: (patch: Patch, options: { onError: (error: Error) => void }) => void;
};

/** A side panel's change is saved as soon as it is chosen; a refused one says why. */
export const useSaveAtOnce = <Patch,>(save: SaveMutation<Patch>) => {
  const { t } = useTranslation();
  return (patch: Patch) =>
    save.mutate(patch, {
      onError: (error) => notify(error.message || t('recordDetail.saveFailed'), 'error'),
    });
};

type ListSectionProps = {
  module: ViewModule;
  field: SettingViewField;
  ids: string[];
  canEdit: boolean;
  onChange: (ids: string[]) => void;
  /** Shown without the edit permission while there are none. */
  emptyText?: string;
};

/** What a many-choice input gave, as the ids the record keeps. */
const idsOf = (value: EditInput) => (Array.isArray(value) ? value : [value]);

/** What a single-choice input gave, as the one id the record keeps ('' for none). */
export const choiceOf = (value: EditInput) => (Array.isArray(value) ? (value[0] ?? '') : value);

/** The record's owners: picked among the company's users with the edit permission, named without. */
export const OwnersSection = ({ module, field, ids, canEdit, onChange, emptyText }: ListSectionProps) => {
  const { t } = useTranslation();
  const { list_user } = useAccount();
  const names = ids.map((id) => list_user.find((user) => user.id === id)?.name ?? id);
  return (
    <SideSection title={t('records.field.owner')}>
      {canEdit ? (
        <FieldInput
          module={module}
          field={field}
          value={ids}
          onChange={(value) => onChange(idsOf(value))}
          label={t('records.field.owner')}
        />
      ) : (
        <Typography color={names.length > 0 ? 'text.primary' : 'text.secondary'}>
          {names.length > 0 ? names.join(', ') : emptyText}
        </Typography>
      )}
    </SideSection>
  );
};

/** The record's tags: picked, or made by typing a new name, with the edit permission; chips without. */
export const TagsSection = ({
  module,
  field,
  ids,
  canEdit,
  onChange,
  emptyText,
  inputLabel,
}: ListSectionProps & { inputLabel: string }) => {
  const { t } = useTranslation();
  const { list_dinamic } = useAccount();
  const itemOf = (id: string) => list_dinamic.find((item) => item.id === id);
  return (
    <SideSection title={t('records.field.tags')}>
      {canEdit ? (
        <FieldInput
          module={module}
          field={field}
          value={ids}
          onChange={(value) => onChange(idsOf(value))}
          label={inputLabel}
          canCreate
        />
      ) : ids.length === 0 && emptyText ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {ids.map((id) => (
            <ListChip key={id} label={itemOf(id)?.name ?? id} color={itemOf(id)?.color} />
          ))}
        </Box>
      )}
    </SideSection>
  );
};
