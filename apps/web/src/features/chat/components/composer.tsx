import {
  COMPOSER_PLACEHOLDERS,
  type Contact,
  canSendTemplates,
  composerState,
  FILE_MAX_BYTES,
} from '@conversa/domain';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import AttachFile from '../../../shared/icons/AttachFile';
import DescriptionOutlined from '../../../shared/icons/DescriptionOutlined';
import PlaceOutlined from '../../../shared/icons/PlaceOutlined';
import Send from '../../../shared/icons/Send';
import { notify } from '../../../shared/notify';
import { isWhatsappWithoutTemplates } from '../../../shared/templates/templates-unavailable';
import { useTemplates } from '../api/get-templates';
import { messageTypeOfFile, useSendMessage } from '../api/send-message';
import { useSendTemplate } from '../api/send-template';
import { LocationDialog } from './location-dialog';
import {
  EMPTY_TEMPLATE_DRAFT,
  isTemplateDraftComplete,
  type TemplateDraft,
  TemplateEditor,
  templateOf,
} from './template-editor';

const COMPOSER_FOCUS_DELAY_MS = 100;

/** Whether a file may be attached: the 10 MB rule is checked before anything is uploaded. */
export const isFileTooLarge = (file: Pick<File, 'size'>): boolean => file.size > FILE_MAX_BYTES;

/** The writing area: enabled only by the composer rule, with the rule's placeholder text. */
export const Composer = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation();
  const account = useAccount();
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState('');
  const [isLocationOpen, setIsLocationOpen] = useState(false);
  const [isTemplateOpen, setIsTemplateOpen] = useState(false);
  const [draft, setDraft] = useState<TemplateDraft>(EMPTY_TEMPLATE_DRAFT);
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(contact);
  const sendTemplate = useSendTemplate();
  const templates = useTemplates(isTemplateOpen);

  const state = composerState({
    userId: account.user.id,
    canAnswer: account.user.answer,
    isDeviceConnected: contact.device?.status === 'connected',
    derivedto: contact.derivedto,
    answerbot: contact.answerbot,
  });
  const isReady = state === 'ready';
  // A send refused for the company's state (message balance used up, plan expired, no plan) stays said
  // under the composer until a send goes through, not only in the passing snackbar.
  const refusal = [send.error, sendTemplate.error].find(
    (error): error is ApiError => error instanceof ApiError && error.status === 412,
  );
  const placeholder = t(COMPOSER_PLACEHOLDERS[state], { device: contact.device?.name ?? '' });
  const device = account.list_device.filter(isAccountDevice).find((item) => item.id === contact.device?.id);
  const hasTemplates = device
    ? canSendTemplates({ mode: device.mode, type: device.setting.conect.type })
    : contact.device?.setting.conect.type === 'sandbox';

  useEffect(() => {
    if (!isReady) return;
    const timer = setTimeout(() => input.current?.focus(), COMPOSER_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isReady]);

  const submit = () => {
    const body = text.trim();
    if (!isReady || body === '') return;
    setText('');
    send.mutate({ type: 'chat', body });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (isFileTooLarge(file)) {
      setFileError(t('errors.fileMax10mb'));
      notify(t('errors.fileMax10mb'), 'error');
      return;
    }
    setFileError('');
    send.mutate({ type: messageTypeOfFile(file), body: text.trim(), file });
    setText('');
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 1, py: 1 }}>
      {fileError && (
        <Typography
          role="alert"
          color="error"
          variant="body2"
          sx={{ px: 1, pb: 0.5 }}
          data-testid="file-error"
        >
          {fileError}
        </Typography>
      )}
      {refusal && (
        <Typography
          role="alert"
          color="error"
          variant="body2"
          sx={{ px: 1, pb: 0.5 }}
          data-testid="send-refused"
        >
          {refusal.info}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <Tooltip title={t('chat.composer.attach')}>
          <span>
            <IconButton
              aria-label={t('chat.composer.attach')}
              disabled={!isReady}
              onClick={() => fileInput.current?.click()}
            >
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <input ref={fileInput} type="file" hidden onChange={onFile} data-testid="composer-file" />
        <Tooltip title={t('chat.location.title')}>
          <span>
            <IconButton
              aria-label={t('chat.location.title')}
              disabled={!isReady}
              onClick={() => setIsLocationOpen(true)}
            >
              <PlaceOutlined />
            </IconButton>
          </span>
        </Tooltip>
        {!hasTemplates && isWhatsappWithoutTemplates(contact.device?.setting.conect.type) && (
          <Tooltip title={t('devices.templatesUnavailable')}>
            <span data-testid="composer-templates-unavailable">
              <IconButton aria-label={t('devices.templatesUnavailable')} disabled>
                <DescriptionOutlined />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {hasTemplates && (
          <Tooltip title={t('chat.templates.title')}>
            <span>
              <IconButton
                aria-label={t('chat.templates.title')}
                disabled={!isReady}
                onClick={() => setIsTemplateOpen(true)}
              >
                <DescriptionOutlined />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <TextField
          inputRef={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          disabled={!isReady}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'aria-label': placeholder, 'data-testid': 'composer-input' } }}
          sx={{ '& .MuiOutlinedInput-root': { borderRadius: 3, bgcolor: 'background.default' } }}
        />
        <IconButton
          color="primary"
          aria-label={t('chat.send')}
          disabled={!isReady || text.trim() === ''}
          onClick={submit}
          data-testid="composer-send"
        >
          <Send />
        </IconButton>
      </Box>
      <LocationDialog
        isOpen={isLocationOpen}
        onClose={() => setIsLocationOpen(false)}
        onSubmit={(location) => send.mutate({ type: 'location', body: '', location })}
      />
      <Dialog open={isTemplateOpen} onClose={() => setIsTemplateOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('chat.templates.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <TemplateEditor
              templates={templates.data ?? []}
              isLoading={templates.isPending}
              draft={draft}
              onChange={setDraft}
              preview={{ ...contact.info, userName: account.user.name }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsTemplateOpen(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!isTemplateDraftComplete(draft) || sendTemplate.isPending}
            onClick={() => {
              const template = templateOf(templates.data ?? [], draft);
              if (!template || !contact.device) return;
              sendTemplate.mutate(
                { contactId: contact.id, deviceId: contact.device.id, template },
                {
                  onSuccess: () => {
                    setDraft(EMPTY_TEMPLATE_DRAFT);
                    setIsTemplateOpen(false);
                  },
                },
              );
            }}
          >
            {t('chat.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
