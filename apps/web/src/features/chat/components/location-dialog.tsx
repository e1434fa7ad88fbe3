import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { parseMapUrl } from '../location-url';

const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .refine(
      (value) => Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit,
      'validation.invalid',
    );

/** The location form of spec section 5: url valid if given; address, lat and lng required. */
export const locationFormSchema = z.object({
  url: z
    .string()
    .trim()
    .refine((value) => value === '' || z.url().safeParse(value).success, 'validation.url'),
  lat: coordinate(90),
  lng: coordinate(180),
  address: z.string().trim().min(1, 'validation.required').max(500),
});
type LocationForm = z.infer<typeof locationFormSchema>;

export type LocationValue = { lat: number; lng: number; address: string };

export const LocationDialog = ({
  isOpen,
  onClose,
  onSubmit,
}: {
  isOpen: boolean;
  onClose: () => void;
  onSubmit: (value: LocationValue) => void;
}) => {
  const { t } = useTranslation();
  const { register, handleSubmit, setValue, reset, formState } = useForm<LocationForm>({
    resolver: zodResolver(locationFormSchema),
    mode: 'onChange',
    defaultValues: { url: '', lat: '', lng: '', address: '' },
  });
  const errorOf = (field: keyof LocationForm) => {
    const message = formState.errors[field]?.message;
    return message ? t(message) : undefined;
  };
  const close = () => {
    reset();
    onClose();
  };
  const url = register('url', {
    onChange: (event: { target: { value: string } }) => {
      const point = parseMapUrl(event.target.value);
      if (!point) return;
      setValue('lat', String(point.lat), { shouldValidate: true });
      setValue('lng', String(point.lng), { shouldValidate: true });
    },
  });

  return (
    <Dialog open={isOpen} onClose={close} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          onSubmit({ lat: Number(values.lat), lng: Number(values.lng), address: values.address });
          close();
        })}
      >
        <DialogTitle>{t('chat.location.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...url}
              label={t('chat.location.url')}
              helperText={errorOf('url') ?? t('chat.location.urlHelp')}
              error={Boolean(formState.errors.url)}
              inputProps={{ 'data-testid': 'location-url' }}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                {...register('lat')}
                label={t('chat.location.lat')}
                required
                error={Boolean(formState.errors.lat)}
                helperText={errorOf('lat')}
                inputProps={{ inputMode: 'decimal' }}
              />
              <TextField
                {...register('lng')}
                label={t('chat.location.lng')}
                required
                error={Boolean(formState.errors.lng)}
                helperText={errorOf('lng')}
                inputProps={{ inputMode: 'decimal' }}
              />
            </Stack>
            <TextField
              {...register('address')}
              label={t('chat.location.address')}
              required
              error={Boolean(formState.errors.address)}
              helperText={errorOf('address')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid}>
            {t('chat.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
