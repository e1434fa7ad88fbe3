import type { AccountType } from '@conversa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { InboundEvent } from '../channels/channel-adapter';
import { createChannelRegistry } from '../channels/channel-registry';
import {
  DEFAULT_D360_API_URL,
  DEFAULT_GRAPH_API_URL,
  DEFAULT_MAYTAPI_API_URL,
  DEFAULT_TELEGRAM_API_URL,
  DEFAULT_TWILIO_API_URL,
} from '../core/config';
import { createSecretBox, createUrlSigner } from '../core/crypto/secret-box';
import type { Database } from '../core/db/database';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import { createEventBus } from '../core/events';
import type { AuthContext } from '../core/http/fastify-types';
import { createJobQueue } from '../core/jobs/job-queue';
import { createLocalFileStore } from '../core/storage/file-store';
import { createClientsRepository } from '../modules/clients/clients.repository';
import { createContactsService } from '../modules/contacts/contacts.service';
import { createDevicesRepository } from '../modules/devices/devices.repository';
import { createDevicesService } from '../modules/devices/devices.service';
import { createMessagesService } from '../modules/messages/messages.service';
import { createUsersRepository } from '../modules/users/users.repository';
import { seedDemoCrm } from './demo-crm';

type Person = { id: string; client_id: string; account: AccountType; access: string[] };

const authOf = (person: Person, clientAccess: string[]): AuthContext => ({
  userId: person.id,
  clientId: person.client_id,
  account: person.account,
  userAccess: person.access,
  clientAccess,
  market: false,
  sessionId: '',
});

const CUSTOMERS = [
  {
    phone: '56911112222',
    name: 'Ana Pérez',
    texts: ['Hola, quisiera agendar una hora', '¿Tienen disponibilidad el viernes?'],
  },
  { phone: '56922223333', name: 'Bruno Díaz', texts: ['Buenas tardes, ¿cuál es el valor de la consulta?'] },
  { phone: '56933334444', name: 'Carla Soto', texts: ['Necesito cambiar mi cita de mañana'] },
  { phone: '56944445555', name: 'Diego Rojas', texts: ['Muchas gracias por la atención'] },
  { phone: '56955556666', name: 'Elena Muñoz', texts: ['Estoy aquí, ¿me pueden indicar cómo llegar?'] },
  {
    phone: '56966667777',
    name: 'Felipe Castro',
    texts: ['Hola', '¿Atienden los sábados?', '¿Y con qué previsión?'],
  },
];

/**
 * The demo company's inbox: a connected sandbox device and six conversations, created through the same
 * services the API uses so counters, summaries and send jobs are exactly what real traffic produces.
 * The send jobs are picked up by the running server's worker, which marks those messages sent.
 */
export type DemoSeedOptions = {
  secretKey: string;
  dataDir: string;
  logger: FastifyBaseLogger;
  publicUrl?: string;
  /**
   * A month of past activity for the dashboards (seedDemoActivity): on for the product's own start, off in
   * tests, whose dashboards count exactly what they write.
   */
  history?: boolean;
};

export const seedDemoConversations = async (db: Database, options: DemoSeedOptions) => {
  const users = createUsersRepository(db);
  const [owner, agent] = await Promise.all([
    users.findByEmailAcrossTenants(DEMO_LOGINS.owner.email),
    users.findByEmailAcrossTenants(DEMO_LOGINS.agent.email),
  ]);
  if (!owner || !agent) return;
  const { logger } = options;
  const events = createEventBus(logger);
  const box = createSecretBox(options.secretKey);
  const signer = createUrlSigner(options.secretKey);
  const files = createLocalFileStore(`${options.dataDir}/storage`, signer);
  // The demo device is the sandbox: no provider is called, so the default endpoints never matter here.
  const publicUrl = options.publicUrl ?? '';
  const channels = createChannelRegistry({
    graphApiUrl: DEFAULT_GRAPH_API_URL,
    telegramApiUrl: DEFAULT_TELEGRAM_API_URL,
    d360ApiUrl: DEFAULT_D360_API_URL,
    twilioApiUrl: DEFAULT_TWILIO_API_URL,
    maytapiApiUrl: DEFAULT_MAYTAPI_API_URL,
    publicUrl,
    providerTimeoutMs: 15_000,
    outboundAllowHosts: [],
  });
  // Not started: the server's own worker sends what is queued here.
  const queue = createJobQueue({ db, logger });
  const devicesService = createDevicesService({ db, events, box, channels, publicUrl });
  const contactsService = createContactsService({ db, events });
  const messages = createMessagesService({ db, events, queue, files, channels, box, publicUrl });
  const client = await createClientsRepository(db).findById(owner.client_id);
  const clientAccess = client?.access ?? [];
  const ownerAuth = authOf(owner, clientAccess);
  const agentAuth = authOf(agent, clientAccess);

  const device = await devicesService.create(ownerAuth, {
    name: 'Sandbox',
    color: '#2e7d32',
    background_color: '#e8f5e9',
    mode: 'official',
    selected: true,
    setting: { conect: { type: 'sandbox', config: {} } },
  });
  const deviceRow = await createDevicesRepository(db).findById(owner.client_id, device.id);
  if (!deviceRow) return;

  const contactIds: string[] = [];
  for (const [index, customer] of CUSTOMERS.entries()) {
    const inbound: InboundEvent[] = customer.texts.map((body, position) => ({
      kind: 'message',
      providerMessageId: `seed-${index}-${position}`,
      from: { phone: customer.phone, name: customer.name },
      type: 'chat',
      body,
      timestamp: new Date(),
    }));
    await messages.receive(deviceRow, inbound);
    const contact = (
      await contactsService.search(ownerAuth, {
        page: 1,
        offset: 1,
        logical: 'and',
        filters: [{ key: 'info.phone', condition: 'equalto', value: customer.phone }],
      })
    ).data[0];
    if (contact) contactIds.push(contact.id);
  }
  const [ana, bruno, carla, diego, elena, felipe] = contactIds;
  const send = (auth: AuthContext, contactId: string, body: string) =>
    messages.create(auth, { type: 'chat', body, device_id: device.id, contact_id: contactId });

  if (bruno) {
    await contactsService.lock(agentAuth, bruno);
    await send(agentAuth, bruno, 'Hola Bruno, la consulta general tiene un valor de $25.000.');
    await contactsService.markRead(agentAuth, bruno);
  }
  if (carla) {
    await contactsService.lock(ownerAuth, carla);
    await send(ownerAuth, carla, 'Hola Carla, claro. ¿Qué día le acomoda?');
    await messages.receive(deviceRow, [
      {
        kind: 'message',
        providerMessageId: 'seed-carla-2',
        from: { phone: '56933334444', name: 'Carla Soto' },
        type: 'chat',
        body: 'El jueves en la tarde, por favor',
        timestamp: new Date(),
      },
    ]);
    // The owner keeps this one at the top of the list.
    await users.update(owner.client_id, owner.id, { fixed: [carla] });
  }
  if (diego) {
    await contactsService.lock(ownerAuth, diego);
    await send(ownerAuth, diego, '¡A usted, Diego! Que tenga un buen día.');
    await contactsService.markRead(ownerAuth, diego);
    await contactsService.release(ownerAuth, diego);
  }
  if (elena) {
    await messages.receive(deviceRow, [
      {
        kind: 'message',
        providerMessageId: 'seed-elena-location',
        from: { phone: '56955556666', name: 'Elena Muñoz' },
        type: 'location',
        body: '-33.4372;-70.6506',
        timestamp: new Date(),
      },
    ]);
  }
  if (felipe) await contactsService.setAnswerbot(ownerAuth, felipe, true);
  const listIds = await seedDemoCrm(db, owner.client_id);
  const item = (key: string) => listIds.get(key) ?? '';
  if (ana) {
    await contactsService.update(ownerAuth, ana, {
      tags: [item('contact.tags.nuevo')],
      stage: item('contact.status_id.Nuevo'),
    });
  }
  if (bruno)
    await contactsService.update(ownerAuth, bruno, { stage: item('contact.status_id.En conversación') });
  if (carla) {
    await contactsService.update(ownerAuth, carla, {
      tags: [item('contact.tags.vip')],
      stage: item('contact.status_id.Cliente'),
    });
  }
};
