import { join } from 'node:path';
import { createChannelRegistry } from '../channels/channel-registry';
import { createSecretBox, createUrlSigner } from '../core/crypto/secret-box';
import { createEventBus } from '../core/events';
import { createJobQueue } from '../core/jobs/job-queue';
import { createLocalFileStore } from '../core/storage/file-store';
import { createMessagesService } from '../modules/messages/messages.service';
import type { TestApp } from './test-app';

/**
 * A messages service of its own on a test app's database and providers, for what no route offers: the
 * calls other modules make (a message with reply buttons, an inbound job rule). Its job queue is never
 * started, so the jobs it enqueues stay in the table for the test to read.
 */
export const createTestMessagesService = ({ app, config }: TestApp) => {
  const db = app.database.db;
  return createMessagesService({
    db,
    events: createEventBus(app.log),
    queue: createJobQueue({ db, logger: app.log }),
    files: createLocalFileStore(join(config.dataDir, 'storage'), createUrlSigner(config.secretKey)),
    channels: createChannelRegistry(config),
    box: createSecretBox(config.secretKey),
    publicUrl: config.publicUrl,
  });
};
