import type { InboundMedia } from '../../channels/channel-adapter';
import type { JobQueue } from '../../core/jobs/job-queue';
import { MEDIA_JOB } from './inbound-writer';
import { SEND_JOB } from './message-dispatch';
import type { MessagesService } from './messages.service';

/** Outbound sends run on the durable queue, one job per message id, retried with backoff. */
export const defineMessageJobs = (queue: JobQueue, service: MessagesService) => {
  queue.define(SEND_JOB, {
    run: (payload, context) =>
      service.dispatch(String(payload.clientId), String(payload.messageId), context.attempt),
    onExhausted: (payload, error) =>
      service.failSend(
        String(payload.clientId),
        String(payload.messageId),
        error instanceof Error ? error.message : 'sending failed',
      ),
  });
  queue.define(MEDIA_JOB, {
    run: (payload) =>
      service.downloadInboundMedia(
        String(payload.clientId),
        String(payload.messageId),
        payload.media as InboundMedia,
      ),
    onExhausted: (payload, error) =>
      service.failMedia(
        String(payload.clientId),
        String(payload.messageId),
        error instanceof Error ? error.message : 'download failed',
      ),
  });
};
