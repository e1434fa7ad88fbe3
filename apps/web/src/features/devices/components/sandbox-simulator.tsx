import type { Device, MessageButton } from '@conversa/domain';
import { Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import Send from '../../../shared/icons/Send';
import { useOutbox, useSendAsCustomer } from '../api/sandbox-webhook';

type Bubble = {
  key: string;
  body: string;
  time: string;
  isCustomer: boolean;
  status?: string;
  buttons?: MessageButton[];
};

/**
 * A phone in the browser: write as the customer through the sandbox webhook and read the agents' replies
 * from the device's outbox, so the whole inbox can be tried without any provider.
 */
export const SandboxSimulator = ({ device }: { device: Device }) => {
  const { t, i18n } = useTranslation();
  const secret = String(device.setting.conect.config.secret ?? '');
  const [phone, setPhone] = useState('56911112222');
  const [name, setName] = useState('Ana Pérez');
  const [text, setText] = useState('');
  const [sent, setSent] = useState<Bubble[]>([]);
  const normalized = phone.replace(/\D/g, '');
  const outbox = useOutbox(device.id, secret, normalized);
  const send = useSendAsCustomer();

  const bubbles = useMemo(() => {
    const replies: Bubble[] = (outbox.data ?? []).map((message) => ({
      key: message.id,
      body:
        message.type === 'chat'
          ? message.body
          : `[${t(`chat.types.${message.type}`)}] ${message.filename || message.body}`,
      time: message.timestamp,
      isCustomer: false,
      status: message.status,
      buttons: message.buttons,
    }));
    return [...sent.filter((bubble) => bubble.key.startsWith(normalized)), ...replies].sort((a, b) =>
      a.time.localeCompare(b.time),
    );
  }, [outbox.data, sent, normalized, t]);

  /** Writes as the customer; with `payload` it is a press of that reply button (body its title). */
  const post = (body: string, payload?: string) => {
    const id = `${normalized}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    setSent((current) => [...current, { key: id, body, time: new Date().toISOString(), isCustomer: true }]);
    send.mutate({
      deviceId: device.id,
      secret,
      customer: { phone: normalized, name: name.trim() },
      body,
      id,
      ...(payload === undefined ? {} : { payload }),
    });
  };

  const submit = () => {
    const body = text.trim();
    if (body === '' || normalized.length < 6) return;
    setText('');
    post(body);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
      <Stack spacing={2} sx={{ width: { xs: '100%', md: 280 } }}>
        <Typography color="text.secondary">{t('devices.simulatorHelp')}</Typography>
        <TextField
          label={t('devices.customerPhone')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <TextField
          label={t('devices.customerName')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Stack>
      <Paper
        elevation={6}
        sx={{
          width: 360,
          maxWidth: '100%',
          height: 640,
          borderRadius: 6,
          border: 10,
          borderColor: 'grey.900',
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
        }}
        data-testid="simulator-phone"
      >
        <Box sx={{ bgcolor: device.color, color: '#fff', px: 2, py: 1.5 }}>
          <Typography variant="subtitle1">{device.name}</Typography>
          <Typography variant="caption">{name || `+${normalized}`}</Typography>
        </Box>
        <Box
          sx={{
            flex: 1,
            overflowY: 'auto',
            bgcolor: '#efeae2',
            p: 1.5,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
          }}
        >
          {bubbles.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
              {t('devices.simulatorEmpty')}
            </Typography>
          )}
          {bubbles.map((bubble) => (
            <Box
              key={bubble.key}
              sx={{
                alignSelf: bubble.isCustomer ? 'flex-end' : 'flex-start',
                bgcolor: bubble.isCustomer ? '#d9fdd3' : '#fff',
                px: 1.5,
                py: 0.75,
                borderRadius: 2,
                maxWidth: '80%',
                boxShadow: 1,
              }}
              data-testid={bubble.isCustomer ? 'simulator-sent' : 'simulator-reply'}
            >
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {bubble.body}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', textAlign: 'end' }}
              >
                {formattersFor(i18n.language).time(bubble.time)}
              </Typography>
              {bubble.buttons && bubble.buttons.length > 0 && (
                <Stack
                  role="group"
                  aria-label={t('chat.message.replyButtons')}
                  spacing={0.5}
                  sx={{ mt: 0.5 }}
                >
                  {bubble.buttons.map((button) => (
                    <Button
                      key={button.id}
                      size="small"
                      variant="outlined"
                      onClick={() => post(button.title, button.id)}
                      data-testid="simulator-reply-button"
                    >
                      <bdi>{button.title}</bdi>
                    </Button>
                  ))}
                </Stack>
              )}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, p: 1, bgcolor: '#f0f2f5' }}>
          <TextField
            size="small"
            fullWidth
            value={text}
            placeholder={t('devices.simulatorPlaceholder')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
            slotProps={{ htmlInput: { 'aria-label': t('devices.simulatorPlaceholder') } }}
            sx={{ bgcolor: '#fff', borderRadius: 1 }}
          />
          <IconButton
            color="primary"
            aria-label={t('chat.send')}
            onClick={submit}
            disabled={text.trim() === ''}
          >
            <Send />
          </IconButton>
        </Box>
      </Paper>
    </Stack>
  );
};
