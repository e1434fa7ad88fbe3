import { createSecretBox } from '../../apps/server/src/core/crypto/secret-box';
import { sealConfig } from '../../apps/server/src/modules/devices/devices.mapper';
import type { Sql } from './db';
import { md5Uuid, metaId, phoneOf, sha256 } from './ids';
import { BENCH_SECRET_KEY } from './server';

/** The tenant's WhatsApp Cloud API number: what a signed delivery to it names. */
export type BenchWhatsappDevice = {
  id: string;
  appSecret: string;
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
};

/** The other providers' numbers, each with what its deliveries prove themselves with. */
export type BenchProviderDevices = {
  /** 360dialog: the Cloud API format, with the secret header registered on connect. */
  dialog360: { id: string; webhookSecret: string; phoneNumberId: string; displayPhoneNumber: string };
  /** Twilio: form posts signed with the account's auth token over PUBLIC_URL. */
  twilio: { id: string; accountSid: string; authToken: string; fromNumber: string };
  /** The unofficial gateway (maytapi): the secret in the webhook's query, the linked phone's id. */
  maytapi: { id: string; webhookSecret: string; phoneId: string; receiver: string };
};

const sealed = (config: Record<string, string>) => sealConfig(createSecretBox(BENCH_SECRET_KEY), config);

const insertDevice = (
  sql: Sql,
  device: { id: string; clientId: string; name: string; type: string; mode: 'official' | 'unofficial' },
  conect: Record<string, unknown>,
) =>
  sql.query(
    `insert into devices (id, client_id, name, type, mode, status, setting)
     values ($1, $2, $3, $4, $5, 'connected', $6::jsonb)`,
    [
      device.id,
      device.clientId,
      device.name,
      device.type,
      device.mode,
      JSON.stringify({ conect: { type: device.type, status: 'connected', ...conect } }),
    ],
  );

/**
 * A connected WhatsApp Cloud API device whose config holds what the product's device form asks for, the
 * secrets sealed by the server's own sealConfig with the key the benchmark's server runs with.
 */
export const createWhatsappDevice = async (
  sql: Sql,
  s: string,
  clientId: string,
  phonePrefix: string,
): Promise<BenchWhatsappDevice> => {
  const device: BenchWhatsappDevice = {
    id: md5Uuid(`${s}:whatsapp`),
    // Meta's app secrets are 32 hexadecimal characters.
    appSecret: sha256(`${s}:whatsapp:app_secret`, 'hex').slice(0, 32),
    phoneNumberId: metaId(`${s}:whatsapp:phone_number_id`),
    wabaId: metaId(`${s}:whatsapp:waba_id`),
    // Contacts are numbered from 1, so number 0 of the tenant's prefix is free for the business itself.
    displayPhoneNumber: phoneOf(phonePrefix, 0),
  };
  const config = sealed({
    phone_number_id: device.phoneNumberId,
    waba_id: device.wabaId,
    access_token: `EAA${sha256(`${s}:whatsapp:access_token`, 'base64url')}`,
    app_secret: device.appSecret,
    verify_token: sha256(`${s}:whatsapp:verify_token`, 'base64url'),
  });
  await insertDevice(
    sql,
    { id: device.id, clientId, name: 'WhatsApp', type: 'whatsapp', mode: 'official' },
    { config },
  );
  return device;
};

/**
 * A connected 360dialog, Twilio and unofficial gateway device, configured as their connect leaves them
 * (360dialog's and the gateway's webhook secret generated and kept, the gateway's session linked).
 */
export const createProviderDevices = async (
  sql: Sql,
  s: string,
  clientId: string,
  phonePrefix: string,
): Promise<BenchProviderDevices> => {
  const devices: BenchProviderDevices = {
    dialog360: {
      id: md5Uuid(`${s}:dialog360`),
      webhookSecret: sha256(`${s}:dialog360:webhook_secret`, 'base64url').slice(0, 32),
      phoneNumberId: metaId(`${s}:dialog360:phone_number_id`),
      displayPhoneNumber: phoneOf(phonePrefix, 0),
    },
    twilio: {
      id: md5Uuid(`${s}:twilio`),
      // Twilio's account SIDs are AC and 32 hexadecimal characters; auth tokens 32 of them.
      accountSid: `AC${sha256(`${s}:twilio:account_sid`, 'hex').slice(0, 32)}`,
      authToken: sha256(`${s}:twilio:auth_token`, 'hex').slice(0, 32),
      fromNumber: `+${phoneOf(phonePrefix, 0)}`,
    },
    maytapi: {
      id: md5Uuid(`${s}:maytapi`),
      webhookSecret: sha256(`${s}:maytapi:webhook_secret`, 'base64url').slice(0, 32),
      phoneId: String(Number.parseInt(sha256(`${s}:maytapi:phone_id`, 'hex').slice(0, 6), 16)),
      receiver: phoneOf(phonePrefix, 0),
    },
  };
  const { dialog360, twilio, maytapi } = devices;
  await insertDevice(
    sql,
    { id: dialog360.id, clientId, name: '360dialog', type: 'dialog360', mode: 'official' },
    {
      config: sealed({
        api_key: sha256(`${s}:dialog360:api_key`, 'base64url'),
        webhook_secret: dialog360.webhookSecret,
      }),
    },
  );
  await insertDevice(
    sql,
    { id: twilio.id, clientId, name: 'Twilio', type: 'twilio', mode: 'official' },
    {
      config: sealed({
        account_sid: twilio.accountSid,
        auth_token: twilio.authToken,
        from_number: twilio.fromNumber,
      }),
    },
  );
  await insertDevice(
    sql,
    { id: maytapi.id, clientId, name: 'WhatsApp QR', type: 'maytapi', mode: 'unofficial' },
    {
      session: 'connected',
      config: sealed({
        product_id: sha256(`${s}:maytapi:product_id`, 'hex').slice(0, 8),
        phone_id: maytapi.phoneId,
        api_key: sha256(`${s}:maytapi:api_key`, 'base64url'),
        webhook_secret: maytapi.webhookSecret,
      }),
    },
  );
  return devices;
};
