import {
  DEFAULTS,
  findCountry,
  INDUSTRIES,
  LOCALES,
  type SignupForm,
  signupFields,
  signupFormSchema,
} from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Grid, Link, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api-client';
import { translateMessage } from '../../shared/i18n';
import { notify } from '../../shared/notify';
import { PATHS } from '../../shared/paths';
import { SubmitButton } from '../../shared/ui/submit-button';
import { useAction } from '../../shared/use-action';
import { signup as requestSignup } from './api/signup';
import { AuthLayout } from './components/auth-layout';
import type { SignedUpState } from './signin-page';
import { browserTimeZone, countryOptions, timeZoneOptions } from './signup-options';

const FIELD_NAMES = [...Object.keys(signupFields), 'passwordConfirm'] as FieldPath<SignupForm>[];
const isFieldName = (path: string): path is FieldPath<SignupForm> => (FIELD_NAMES as string[]).includes(path);

/** Phone examples per country for the mask hint; others show the international shape. */
const phoneExample = (country: string): string =>
  country === 'CL' ? '+56 9 1234 5678' : `+${findCountry(country)?.dial ?? ''} …`;

/**
 * A field checked against another one is checked again when that one changes, once it has a value: the
 * confirmation against the password, the phone against the country's pattern.
 */
const RECHECKS: Partial<Record<FieldPath<SignupForm>, FieldPath<SignupForm>>> = {
  password: 'passwordConfirm',
  country: 'phone',
};

export const SignupPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signup = useAction(requestSignup);
  const [failure, setFailure] = useState<string | null>(null);
  const timezone = useMemo(browserTimeZone, []);
  const timezones = useMemo(() => timeZoneOptions(timezone), [timezone]);
  const countries = useMemo(() => countryOptions(i18n.resolvedLanguage ?? 'es'), [i18n.resolvedLanguage]);

  const {
    register,
    handleSubmit,
    setError,
    watch,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    mode: 'onChange',
    defaultValues: {
      company: '',
      email: '',
      country: DEFAULTS.country,
      phone: '',
      timezone,
      language: DEFAULTS.language,
      industry: DEFAULTS.industry,
      quantityemple: DEFAULTS.quantityemple,
      nameuser: '',
      password: '',
      passwordConfirm: '',
    },
  });

  const submit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      const info = await signup.run(form);
      notify(info || t('signup.created'), 'success');
      // Spec section 2: the new owner signs in on /signin, where their e-mail is already written.
      navigate(PATHS.signin, { state: { email: form.email } satisfies SignedUpState });
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(t('errors.generic'));
      for (const fieldError of error.errors) {
        if (isFieldName(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
      }
      setFailure(error.info);
    }
  });

  const recheck = (dependent: FieldPath<SignupForm> | undefined) =>
    dependent && {
      onChange: () => {
        if (getValues(dependent) !== '') void trigger(dependent);
      },
    };

  const fieldProps = (name: FieldPath<SignupForm>) => ({
    ...register(name, recheck(RECHECKS[name])),
    id: `signup-${name}`,
    label: t(`signup.${name}`),
    error: Boolean(errors[name]),
    helperText: translateMessage(errors[name]?.message),
    fullWidth: true,
  });
  const selectProps = { select: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } };

  return (
    <AuthLayout width={720}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('signup.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('signup.subtitle')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="signup-error">
            {failure}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('company')} autoComplete="organization" autoFocus />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('email')} type="email" autoComplete="email" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('country')} {...selectProps} autoComplete="country">
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...fieldProps('phone')}
              type="tel"
              autoComplete="tel"
              placeholder={phoneExample(watch('country') ?? DEFAULTS.country)}
              helperText={
                translateMessage(errors.phone?.message) ??
                t('signup.phoneHint', { example: phoneExample(watch('country') ?? DEFAULTS.country) })
              }
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('timezone')} {...selectProps}>
              {timezones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('language')} {...selectProps}>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {t(`language.names.${locale}`)}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('industry')} {...selectProps}>
              {INDUSTRIES.map((industry) => (
                <option key={industry} value={industry}>
                  {t(`industries.${industry}`)}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...fieldProps('quantityemple')}
              type="number"
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={12}>
            <TextField {...fieldProps('nameuser')} autoComplete="name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              {...fieldProps('password')}
              type="password"
              autoComplete="new-password"
              helperText={translateMessage(errors.password?.message) ?? t('signup.passwordHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...fieldProps('passwordConfirm')} type="password" autoComplete="new-password" />
          </Grid>
        </Grid>
        <SubmitButton
          isPending={isSubmitting}
          size="large"
          fullWidth
          sx={{ mt: 3 }}
          data-testid="signup-submit"
        >
          {t('signup.submit')}
        </SubmitButton>
        <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
          {t('signup.haveAccount')}{' '}
          <Link component={RouterLink} to={PATHS.signin} data-testid="signin-link">
            {t('signup.signinLink')}
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
};
