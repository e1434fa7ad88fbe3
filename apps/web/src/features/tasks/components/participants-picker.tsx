import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { type Participant, useParticipants } from '../api/tasks';

/** The task's participants: a multi-select of the company's users with an e-mail (no admin accounts). */
export const ParticipantsPicker = ({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const { list_user } = useAccount();
  const participants = useParticipants(true);
  const options = participants.data ?? [];
  const byId = new Map(options.map((person) => [person.id, person]));
  // The picker leaves out admin accounts, but the creator (the default participant) may be one.
  const chosen = value.map(
    (id): Participant =>
      byId.get(id) ?? { id, name: list_user.find((user) => user.id === id)?.name ?? id, email: '' },
  );
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      loading={participants.isPending}
      loadingText={t('common.loading')}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      onChange={(_event, picked) => onChange(picked.map((person) => person.id))}
      renderValue={(picked, getItemProps) =>
        picked.map((person, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={person.name} {...itemProps} />;
        })
      }
      renderOption={(props, person) => {
        const { key, ...optionProps } = props;
        return (
          <li key={key} {...optionProps}>
            {person.name}
            {person.email && ` · ${person.email}`}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('records.field.participants')}
          error={Boolean(error)}
          helperText={error && t(error)}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'task-participants' } }}
        />
      )}
    />
  );
};
