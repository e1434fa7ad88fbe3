import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { SchedulingRegistry } from '../../integrations/scheduling-adapter';
import { createAgendaService } from './agenda.service';
import { createAgendaAnnouncer } from './agenda-announcer';
import { createAgendaPull } from './agenda-pull';
import { createCalendlyDeliveries } from './calendly-deliveries';
import { createSchedulingKinds } from './scheduling.kind';

/** The agenda put together: its routes' service, the pull from each scheduling system, their integration kinds. */
export const setUpAgenda = (deps: {
  db: Database;
  events: EventBus;
  box: SecretBox;
  adapters: SchedulingRegistry;
}) => {
  const announcer = createAgendaAnnouncer(deps.events);
  const pull = createAgendaPull({ ...deps, announcer });
  return {
    announcer,
    pull,
    service: createAgendaService({ db: deps.db, announcer }),
    kinds: createSchedulingKinds({ db: deps.db, adapters: deps.adapters, pull }),
    calendly: createCalendlyDeliveries({ db: deps.db, pull, announcer }),
  };
};

export type Agenda = ReturnType<typeof setUpAgenda>;
