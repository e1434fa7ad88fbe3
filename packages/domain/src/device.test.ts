import { describe, expect, it } from 'vitest';
import {
  canSendTemplates,
  deviceConfigPatchSchema,
  deviceCreateSchema,
  deviceWebhookUrl,
  isSecretConfigKey,
  maskSecret,
} from './device';

describe('devices', () => {
  it('masks a secret to its last four characters', () => {
    expect(maskSecret('EAAB-token-1234')).toBe('••••1234');
  });

  it('knows which config keys are secrets', () => {
    expect(['access_token', 'app_secret', 'bot_token', 'page_access_token'].every(isSecretConfigKey)).toBe(
      true,
    );
    expect(isSecretConfigKey('phone_number_id')).toBe(false);
  });

  it('allows templates on WhatsApp official and the sandbox only', () => {
    expect(canSendTemplates({ type: 'whatsapp', mode: 'official' })).toBe(true);
    expect(canSendTemplates({ type: 'whatsapp', mode: 'unofficial' })).toBe(false);
    expect(canSendTemplates({ type: 'telegram', mode: 'official' })).toBe(false);
    expect(canSendTemplates({ type: 'sandbox', mode: 'official' })).toBe(true);
  });
});

describe('device provider settings', () => {
  it('validates each provider type', () => {
    const whatsapp = {
      name: 'Line',
      setting: {
        conect: {
          type: 'whatsapp',
          config: {
            phone_number_id: '123',
            waba_id: '456',
            access_token: 'EAAB',
            app_secret: 'shh',
            verify_token: 'v',
          },
        },
      },
    };
    expect(deviceCreateSchema.safeParse(whatsapp).success).toBe(true);
    const missing = structuredClone(whatsapp);
    missing.setting.conect.config.waba_id = '';
    expect(deviceCreateSchema.safeParse(missing).success).toBe(false);
    const telegram = {
      name: 'Bot',
      setting: { conect: { type: 'telegram', config: { bot_token: 'nope' } } },
    };
    expect(deviceCreateSchema.safeParse(telegram).success).toBe(false);
    telegram.setting.conect.config.bot_token = '123456:ABC-def_1';
    expect(deviceCreateSchema.safeParse(telegram).success).toBe(true);
  });

  it('accepts a masked secret back in a change, and any subset of keys', () => {
    const patch = deviceConfigPatchSchema('messenger');
    expect(patch.safeParse({ page_access_token: '••••1234', page_id: '99' }).success).toBe(true);
    expect(patch.safeParse({ page_id: 'abc' }).success).toBe(false);
    expect(patch.parse({ unknown_key: 'x', verify_token: 'new' })).toEqual({ verify_token: 'new' });
  });

  it('builds the webhook URL to give the provider', () => {
    expect(deviceWebhookUrl('https://app.example.com/', 'telegram', 'd1')).toBe(
      'https://app.example.com/webhooks/telegram/d1',
    );
  });
});
