import type { Config } from './core/config';
import type { SecretBox } from './core/crypto/secret-box';
import type { Database } from './core/db/database';
import type { EventBus } from './core/events';
import type { JobQueue } from './core/jobs/job-queue';
import { createBotRegistry } from './integrations/bot-registry';
import { createWebhookSender } from './integrations/crmx2/webhook-sender';
import { createSchedulingRegistry } from './integrations/scheduling-registry';
import { createYeastarClient } from './integrations/yeastar/yeastar.client';
import { createZohoClient } from './integrations/zoho/zoho-client';
import { setUpAgenda } from './modules/agenda/agenda.setup';
import { setUpBots } from './modules/bots/bots.setup';
import { createCallsService } from './modules/calls/calls.service';
import { setUpConfirmations } from './modules/confirmations/confirmations.setup';
import type { ContactsService } from './modules/contacts/contacts.service';
import { setUpIntegrations } from './modules/integrations/integrations.setup';
import type { MessagesService } from './modules/messages/messages.service';
import { setUpWebhooks } from './modules/webhooks/webhooks.setup';
import { createZohoSync } from './modules/zoho-sync/zoho-sync.service';
import { setUpZohoSync } from './modules/zoho-sync/zoho-sync.setup';

/**
 * The outside systems a company connects in Settings → Integrations, put together: the answer bots, the
 * signed webhooks, the PBX, the CRM, the scheduling systems with the agenda and the confirmation runs. Each
 * adapter is made once per process (some keep tokens between calls).
 */
export const setUpOutsideSystems = (deps: {
  config: Config;
  db: Database;
  events: EventBus;
  queue: JobQueue;
  box: SecretBox;
  messages: MessagesService;
  contacts: ContactsService;
  webhookRetryDelaysMs?: readonly number[];
}) => {
  const { config, db, events, queue, box } = deps;
  const messagesService = deps.messages;
  const contactsService = deps.contacts;
  const bots = createBotRegistry({
    openaiApiUrl: config.openaiApiUrl,
    dialogflowApiUrl: config.dialogflowApiUrl,
    googleTokenUrl: config.googleTokenUrl,
    timeoutMs: config.providerTimeoutMs,
  });
  const webhookSender = createWebhookSender({ allowHosts: config.outboundAllowHosts });
  const yeastar = createYeastarClient({
    allowHosts: config.outboundAllowHosts,
    timeoutMs: config.providerTimeoutMs,
  });
  const zohoSync = createZohoSync({
    db,
    events,
    queue,
    box,
    zoho: createZohoClient({
      accountsUrl: config.zohoAccountsUrl,
      apiUrl: config.zohoApiUrl,
      timeoutMs: config.providerTimeoutMs,
      allowHosts: config.outboundAllowHosts,
    }),
  });
  const schedulingAdapters = createSchedulingRegistry({
    ...config.scheduling,
    publicUrl: config.publicUrl,
    // API.md part 3 §1.1: a scheduling call is given up after 10 s (sooner when the providers' timeout is).
    timeoutMs: Math.min(config.providerTimeoutMs, 10_000),
  });
  const agenda = setUpAgenda({ db, events, box, adapters: schedulingAdapters });
  const confirmationsService = setUpConfirmations({
    db,
    events,
    box,
    queue,
    messages: messagesService,
    adapters: schedulingAdapters,
    agenda,
  });
  const integrationsService = setUpIntegrations({
    db,
    events,
    box,
    bots,
    webhooks: webhookSender,
    yeastar,
    zoho: zohoSync,
    scheduling: agenda.kinds,
  });
  setUpZohoSync({ db, events, queue, sync: zohoSync, integrations: integrationsService });
  const callsService = createCallsService({ db, events, box, yeastar, integrations: integrationsService });
  const webhooksService = setUpWebhooks({
    db,
    events,
    queue,
    box,
    sender: webhookSender,
    integrations: integrationsService,
    retryDelaysMs: deps.webhookRetryDelaysMs,
  });
  setUpBots({
    db,
    events,
    queue,
    box,
    bots,
    messages: messagesService,
    contacts: contactsService,
    integrations: integrationsService,
  });
  return { integrationsService, callsService, webhooksService, agenda, confirmationsService };
};
