import { avatarInitialsOf, INITIALS_MAX_CHARS, type User, userUpdateSchema } from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Box, Button, Card, CardContent, Chip, TextField, Typography } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUpdateCurrentUser } from '../../../shared/account/api/update-user';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';

const detailsSchema = userUpdateSchema.pick({ name: true, initials: true }).required();
type DetailsForm = z.input<typeof detailsSchema>;

/** The avatar, the name and the initials the avatar shows (empty: those of the name). */
export const DetailsCard = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const update = useUpdateCurrentUser();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isValid, isDirty },
  } = useForm<DetailsForm, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    mode: 'onChange',
    defaultValues: { name: user.name, initials: user.initials },
  });
  const [name, initials] = useWatch({ control, name: ['name', 'initials'] });
  const preview = avatarInitialsOf({ name: name ?? '', initials: (initials ?? '').toUpperCase() });

  const submit = handleSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: (saved) => {
        reset({ name: saved?.name ?? changes.name, initials: saved?.initials ?? changes.initials });
        notify(t('profile.detailsSaved'), 'success');
      },
    }),
  );

  return (
    <Card>
      <CardContent sx={{ display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center', py: 3 }}>
        <Avatar
          sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.main' }}
          data-testid="profile-avatar"
        >
          {preview}
        </Avatar>
        <Typography variant="h5" component="h2" data-testid="profile-name">
          {user.name}
        </Typography>
        <Typography color="text.secondary" data-testid="profile-email">
          {user.email}
        </Typography>
        <Chip
          label={t(`profile.accountTypes.${user.account}`)}
          color="primary"
          variant="outlined"
          data-testid="profile-account"
        />
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, width: '100%', mt: 2, textAlign: 'start' }}
        >
          <TextField
            {...register('name')}
            id="profile-name-input"
            label={t('profile.name')}
            autoComplete="name"
            error={Boolean(errors.name)}
            helperText={translateMessage(errors.name?.message)}
            fullWidth
          />
          <TextField
            {...register('initials')}
            id="profile-initials-input"
            label={t('profile.initials')}
            error={Boolean(errors.initials)}
            helperText={translateMessage(errors.initials?.message) || t('profile.initialsHelp')}
            slotProps={{ htmlInput: { maxLength: INITIALS_MAX_CHARS } }}
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || !isDirty || update.isPending}
            data-testid="profile-details-save"
          >
            {t('profile.saveDetails')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
};
