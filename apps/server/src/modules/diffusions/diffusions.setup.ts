import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import { whitelistOf } from '../../core/records/record-core';
import type { RecordModule, RecordTable } from '../../core/records/record-module';
import { contactRecords } from '../contacts/contacts.records';
import { createDealRecords } from '../deals/deals.records';
import { leadRecords } from '../leads/leads.records';
import type { MessagesService } from '../messages/messages.service';
import { markReplied, registerDiffusionListeners } from './diffusion-listeners';
import { createDiffusionSender } from './diffusion-sender';
import { defineDiffusionJobs } from './diffusions.jobs';
import { createDiffusionsService } from './diffusions.service';

const asKit = (module: unknown) => module as RecordModule<RecordTable>;

/** Diffusions put together: the service, its sender job and sweep, and its listeners on the conversation. */
export const setUpDiffusions = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  messages: MessagesService;
}) => {
  const { db, events, queue, messages } = deps;
  // The audience is searched with each record module's own keys (the record kit's whitelist).
  const whitelists = {
    contact: whitelistOf(asKit(contactRecords)),
    lead: whitelistOf(asKit(leadRecords)),
    deal: whitelistOf(asKit(createDealRecords(events))),
  };
  const service = createDiffusionsService({ db, events, queue, whitelists });
  const sender = createDiffusionSender({ db, messages, announcer: service.announcer });
  defineDiffusionJobs(queue, sender, service);
  registerDiffusionListeners(db, events);
  messages.addInboundBatchWrite(markReplied);
  return service;
};
