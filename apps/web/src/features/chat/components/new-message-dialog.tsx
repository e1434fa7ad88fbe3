import {
  COUNTRIES,
  type ContactCreateInput,
  canSendTemplates,
  contactCreateSchema,
  conversationsIn,
  isDeviceConnected,
  type Message,
  TIMING,
} from '@conversa/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { memo, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount, useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { translateMessage } from '../../../shared/i18n';
import { notify } from '../../../shared/notify';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { useDebounced } from '../../../shared/use-debounced';
import { useCreateContact } from '../api/create-contact';
import { useTemplates } from '../api/get-templates';
import { type ContactBrief, useContactSearch } from '../api/search-contacts';
import { useSendFast } from '../api/send-fast';
import { useSendTemplate } from '../api/send-template';
import { DealRecipientPicker } from './deal-recipient-picker';
import {
  EMPTY_TEMPLATE_DRAFT,
  isTemplateDraftComplete,
  type TemplateDraft,
  TemplateEditor,
  templateOf,
} from './template-editor';

type NewContactForm = ContactCreateInput;

/**
 * Start a conversation (spec sections 2 and 5): a connected device, an existing contact or a new one, and a
 * text or a template. Closes when the chosen conversation is taken by someone else meanwhile.
 */
export const NewMessageDialog = memo(
  ({
    isOpen,
    onClose,
    onSent,
  }: {
    isOpen: boolean;
    onClose: () => void;
    onSent: (message: Message) => void;
  }) => {
    const { t, i18n } = useTranslation();
    const { user, list_device } = useAccount();
    const devices = list_device.filter(isAccountDevice).filter(isDeviceConnected);
    const [pickedDeviceId, setDeviceId] = useState('');
    // With a single connected device there is nothing to choose.
    const deviceId = pickedDeviceId || (devices.length === 1 ? (devices[0]?.id ?? '') : '');
    const [mode, setMode] = useState<'existing' | 'new'>('existing');
    const can = useCan();
    // An existing contact is found by its name or through one of its deals.
    const [searchIn, setSearchIn] = useState<'contact' | 'deal'>('contact');
    const [kind, setKind] = useState<'text' | 'template'>('text');
    const [body, setBody] = useState('');
    const [chosen, setChosen] = useState<ContactBrief | null>(null);
    const [searchText, setSearchText] = useState('');
    const [draft, setDraft] = useState<TemplateDraft>(EMPTY_TEMPLATE_DRAFT);
    const search = useDebounced(searchText, TIMING.searchDebounceMs);
    const contacts = useContactSearch(search, isOpen && mode === 'existing' && searchIn === 'contact');
    const device = devices.find((item) => item.id === deviceId);
    const hasTemplates = device
      ? canSendTemplates({ mode: device.mode, type: device.setting.conect.type })
      : false;
    const templates = useTemplates(isOpen && kind === 'template');
    const createContact = useCreateContact();
    const sendFast = useSendFast();
    const sendTemplate = useSendTemplate();
    const isSending = createContact.isPending || sendFast.isPending || sendTemplate.isPending;
    const form = useForm<NewContactForm>({
      resolver: zodResolver(contactCreateSchema) as unknown as Resolver<NewContactForm>,
      mode: 'onChange',
      defaultValues: { name: '', phone: '', email: '', document: '', country: 'CL' },
    });
    const countryNames = useMemo(
      () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
      [i18n.language],
    );
    const country = COUNTRIES.find((item) => item.code === form.watch('country'));

    const reset = () => {
      setDeviceId('');
      setMode('existing');
      setSearchIn('contact');
      setKind('text');
      setBody('');
      setChosen(null);
      setSearchText('');
      setDraft(EMPTY_TEMPLATE_DRAFT);
      form.reset();
    };
    const close = () => {
      reset();
      onClose();
    };

    const isTakenByOther = (derivedto: string) => derivedto !== '' && derivedto !== user.id;
    const pick = (value: ContactBrief | null): boolean => {
      if (value && isTakenByOther(value.derivedto)) {
        notify(t('chat.newMessage.takenByOther'), 'warning');
        return false;
      }
      setChosen(value);
      return true;
    };

    useSocketEvent<Notification>('notification', (notification) => {
      if (!isOpen || !chosen) return;
      const changed = conversationsIn(notification).find((item) => item.id === chosen.id);
      if (changed?.derivedto !== undefined && isTakenByOther(changed.derivedto)) {
        notify(t('chat.newMessage.takenByOther'), 'warning');
        close();
      }
    });

    const contactReady = mode === 'existing' ? chosen !== null : form.formState.isValid;
    const contentReady = kind === 'text' ? body.trim() !== '' : isTemplateDraftComplete(draft);
    const canSend = deviceId !== '' && contactReady && contentReady && !isSending;

    const submit = async () => {
      if (!canSend) return;
      try {
        let target = chosen ? { id: chosen.id, phone: chosen.info.phone, name: chosen.info.full_name } : null;
        if (mode === 'new') {
          const values = contactCreateSchema.parse(form.getValues());
          const created = await createContact.mutateAsync({ ...values, device_id: deviceId });
          target = { id: created.id, phone: created.info.phone, name: created.info.full_name };
        }
        if (!target) return;
        let message: Message;
        if (kind === 'template') {
          const template = templateOf(templates.data ?? [], draft);
          if (!template) return;
          message = await sendTemplate.mutateAsync({ contactId: target.id, deviceId, template });
        } else {
          message = await sendFast.mutateAsync({
            phone: target.phone,
            name: target.name,
            body: body.trim(),
            deviceId,
          });
        }
        reset();
        onClose();
        onSent(message);
      } catch (error) {
        if (error instanceof ApiError && error.errors.length > 0) {
          for (const fieldError of error.errors) {
            const field = fieldError.path.replace(/^info\./, '') as keyof NewContactForm;
            form.setError(field, { message: fieldError.message });
          }
          notify(error.info, 'error');
        }
      }
    };

    const fieldError = (field: keyof NewContactForm) =>
      translateMessage(form.formState.errors[field]?.message);

    return (
      <Dialog open={isOpen} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{t('chat.newMessage.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              required
              label={t('chat.newMessage.device')}
              value={deviceId}
              onChange={(event) => setDeviceId(event.target.value)}
              helperText={devices.length === 0 ? t('chat.newMessage.noDevices') : undefined}
            >
              {devices.map((item) => (
                <MenuItem key={item.id} value={item.id}>
                  <Box
                    component="span"
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: item.color,
                      mr: 1.5,
                      display: 'inline-block',
                    }}
                  />
                  {item.name}
                </MenuItem>
              ))}
            </TextField>
            <Tabs value={mode} onChange={(_event, value: 'existing' | 'new') => setMode(value)}>
              <Tab value="existing" label={t('chat.newMessage.existing')} />
              <Tab value="new" label={t('chat.newMessage.newContact')} />
            </Tabs>
            {mode === 'existing' && can('deal.view') && (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={searchIn}
                onChange={(_event, value: 'contact' | 'deal' | null) => {
                  if (!value) return;
                  setSearchIn(value);
                  setChosen(null);
                  setSearchText('');
                }}
                aria-label={t('chat.deals.searchIn')}
              >
                <ToggleButton value="contact" data-testid="search-in-contacts">
                  {t('chat.deals.searchContacts')}
                </ToggleButton>
                <ToggleButton value="deal" data-testid="search-in-deals">
                  {t('chat.deals.searchDeals')}
                </ToggleButton>
              </ToggleButtonGroup>
            )}
            {mode === 'existing' && searchIn === 'deal' ? (
              <DealRecipientPicker isEnabled={isOpen} onPick={pick} />
            ) : mode === 'existing' ? (
              <Autocomplete
                options={contacts.data ?? []}
                value={chosen}
                loading={contacts.isFetching}
                filterOptions={(options) => options}
                getOptionLabel={(option) => `${option.info.full_name} (+${option.info.phone})`}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                onInputChange={(_event, value, reason) => reason === 'input' && setSearchText(value)}
                onChange={(_event, value) => {
                  pick(value);
                }}
                noOptionsText={t('chat.list.noResults')}
                renderInput={(inputParams) => (
                  <TextField {...inputParams} label={t('chat.newMessage.contact')} required />
                )}
              />
            ) : (
              <Stack spacing={2}>
                <TextField
                  {...form.register('name')}
                  label={t('chat.newMessage.name')}
                  required
                  error={Boolean(form.formState.errors.name)}
                  helperText={fieldError('name')}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    select
                    label={t('signup.country')}
                    value={form.watch('country') ?? 'CL'}
                    onChange={(event) =>
                      form.setValue('country', event.target.value, { shouldValidate: true })
                    }
                    sx={{ minWidth: 160 }}
                  >
                    {COUNTRIES.map((item) => (
                      <MenuItem key={item.code} value={item.code}>
                        {countryNames.of(item.code)} (+{item.dial})
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    {...form.register('phone')}
                    label={t('signup.phone')}
                    required
                    fullWidth
                    error={Boolean(form.formState.errors.phone)}
                    helperText={
                      fieldError('phone') ??
                      t('signup.phoneHint', {
                        example: country?.code === 'CL' ? '56912345678' : `${country?.dial ?? ''}…`,
                      })
                    }
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    {...form.register('email')}
                    label={t('signup.email')}
                    fullWidth
                    error={Boolean(form.formState.errors.email)}
                    helperText={fieldError('email')}
                  />
                  <TextField {...form.register('document')} label={t('chat.newMessage.document')} fullWidth />
                </Stack>
              </Stack>
            )}
            <Tabs value={kind} onChange={(_event, value: 'text' | 'template') => setKind(value)}>
              <Tab value="text" label={t('chat.newMessage.text')} />
              <Tab value="template" label={t('chat.templates.title')} disabled={!hasTemplates} />
            </Tabs>
            {kind === 'text' ? (
              <TextField
                multiline
                minRows={3}
                required
                label={t('chat.newMessage.message')}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    void submit();
                  }
                }}
              />
            ) : (
              <TemplateEditor
                templates={templates.data ?? []}
                isLoading={templates.isPending}
                draft={draft}
                onChange={setDraft}
                preview={{
                  full_name: chosen?.info.full_name ?? form.watch('name') ?? '',
                  first_name: (chosen?.info.full_name ?? form.watch('name') ?? '').split(' ')[0] ?? '',
                  last_name: (chosen?.info.full_name ?? form.watch('name') ?? '').split(' ')[1] ?? '',
                  userName: user.name,
                }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={!canSend} onClick={() => void submit()}>
            {t('chat.send')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  },
);
