import {
  auditChanges,
  canSendTemplates,
  EDITABLE_TEMPLATE_STATUSES,
  isDeviceConnected,
  type SearchBody,
  TEMPLATE_QUALITIES,
  type Template,
  type TemplateCreate,
  type TemplateStatus,
  type TemplateUpdate,
  templateExampleText,
  templateSkeleton,
  toProviderComponents,
} from '@conversa/domain';
import type { InboundTemplateEvent, TemplateCallResult } from '../../channels/channel-adapter';
import type { ChannelRegistry } from '../../channels/channel-registry';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import { type DeviceRow, type TemplateRow, templates } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, conflict, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery } from '../../core/http/search-query';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { toChannelDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';
import {
  createTemplatesRepository,
  TEMPLATE_SEARCH_FIELDS,
  type TemplateProviderPatch,
} from './templates.repository';

const BY_NAME = { key: 'name', order: 'asc' } as const;
const MODULE = 'template';

export type TemplatesServiceDeps = {
  db: Database;
  box: SecretBox;
  channels: ChannelRegistry;
  events: EventBus;
};

const announce = (tx: Executor, clientId: string, action: string, data: unknown, ref: string) =>
  createRealtimeEventsRepository(tx).record(clientId, { module: MODULE, action, data: [data], ref });

/** A provider's refusal (4xx) is the caller's to fix (400); anything else is the provider's failure (502). */
const providerError = (result: Extract<TemplateCallResult, { ok: false }>) =>
  result.status >= 400 && result.status < 500
    ? new AppError(400, 'info.providerRefused', undefined, { reason: result.reason })
    : new AppError(502, 'info.providerError', undefined, { reason: result.reason });

/** What the audit log keeps of a template. */
const audited = (template: Template) => ({
  device_id: template.device_id,
  name: template.name,
  language: template.language,
  category: template.category,
  status: template.status,
  example: template.example,
});

/** The webhook's change as stored: a status with its reason, or a quality WhatsApp rates with. */
const patchOf = (event: InboundTemplateEvent): TemplateProviderPatch | undefined => {
  if (event.status) return { status: event.status, reason: event.reason ?? '' };
  if (event.quality && (TEMPLATE_QUALITIES as readonly string[]).includes(event.quality)) {
    return { quality: event.quality };
  }
  return undefined;
};

export const toTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  client_id: row.client_id,
  device_id: row.device_id,
  name: row.name,
  language: row.language,
  status: row.status,
  category: row.category,
  quality: row.quality,
  reason: row.reason,
  example: row.example,
  components: row.components,
  schema: { template: templateSkeleton(row.name, row.language, row.components) },
  create_date: row.create_date.toISOString(),
  update_date: row.update_date.toISOString(),
});

/** Message templates live at the provider (WhatsApp Business); the product keeps a synchronised copy. */
export const createTemplatesService = ({ db, box, channels, events }: TemplatesServiceDeps) => {
  const repo = createTemplatesRepository(db);

  const publish = (clientId: string, notifications: StoredNotification[]) => {
    if (notifications.length > 0) events.emit('record.changed', { clientId, module: MODULE, notifications });
  };

  /**
   * The device a template is created on: the company's (another company's is not found), and a WhatsApp
   * official one (the Cloud API's own or through 360dialog), the only kinds whose provider reviews templates.
   */
  const officialDevice = async (auth: AuthContext, id: string): Promise<DeviceRow> => {
    const row = isUuid(id) ? await createDevicesRepository(db).findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    const isWhatsapp = row.type === 'whatsapp' || row.type === 'dialog360';
    if (!isWhatsapp || row.mode !== 'official' || !channels[row.type].createTemplate) {
      throw badRequest([{ path: 'device_id', message: 'info.templateNotOfficialDevice' }]);
    }
    return row;
  };

  return {
    /**
     * `template/create`: submits the template to the device's WhatsApp Business account, then keeps it as
     * the provider answered (PENDING until its review webhook), quality UNKNOWN until rated.
     */
    async create(auth: AuthContext, input: TemplateCreate): Promise<Template> {
      const device = await officialDevice(auth, input.device_id);
      if (await repo.findOfDevice(auth.clientId, device.id, input.name, input.language)) {
        throw conflict('validation.duplicate', 'name');
      }
      const components = toProviderComponents(input);
      const result = await channels[device.type].createTemplate?.(toChannelDevice(box, device), {
        name: input.name,
        language: input.language,
        category: input.category,
        components,
      });
      if (!result) throw badRequest([{ path: 'device_id', message: 'info.templateNotOfficialDevice' }]);
      if (!result.ok) throw providerError(result);
      const { template, notification } = await db.transaction(async (tx) => {
        const row = await createTemplatesRepository(tx).insert(auth.clientId, {
          device_id: device.id,
          provider_id: result.providerId,
          name: input.name,
          language: input.language,
          category: input.category,
          status: result.status.toUpperCase(),
          quality: 'UNKNOWN',
          components,
          example: templateExampleText(components),
        });
        const created = toTemplate(row);
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: MODULE,
            recordId: created.id,
            changes: auditChanges(null, audited(created)),
          },
        ]);
        return {
          template: created,
          notification: await announce(tx, auth.clientId, 'create', created, created.id),
        };
      });
      publish(auth.clientId, [notification]);
      return template;
    },

    /**
     * `template/updateone`: the new content goes to the provider as WhatsApp edits a template in place
     * (same name, language and id), and comes back PENDING for its review. WhatsApp edits only an
     * approved, rejected or paused template (else 406) and never an approved one's category (400); its
     * own limits (an approved template once a day, ten times a month) come back as its refusal (400).
     */
    async update(auth: AuthContext, id: string, input: TemplateUpdate): Promise<Template> {
      const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      const device = await createDevicesRepository(db).findById(auth.clientId, row.device_id);
      const editAtProvider = device ? channels[device.type].editTemplate : undefined;
      if (
        !device ||
        !editAtProvider ||
        row.provider_id === '' ||
        !EDITABLE_TEMPLATE_STATUSES.includes(row.status as TemplateStatus)
      ) {
        throw new AppError(406, 'info.templateNotEditable');
      }
      const category = input.category !== row.category ? input.category : undefined;
      if (category && row.status === 'APPROVED') {
        throw badRequest([{ path: 'category', message: 'info.templateCategoryApproved' }]);
      }
      const components = toProviderComponents(input);
      const result = await editAtProvider(toChannelDevice(box, device), {
        providerId: row.provider_id,
        components,
        ...(category ? { category } : {}),
      });
      if (!result.ok) throw providerError(result);
      const { template, notifications } = await db.transaction(async (tx) => {
        const rows = await createTemplatesRepository(tx).updateByProviderId(auth.clientId, row.provider_id, {
          status: 'PENDING',
          reason: '',
          components,
          example: templateExampleText(components),
          ...(category ? { category } : {}),
        });
        const edited = rows.find((candidate) => candidate.id === id);
        if (!edited) throw notFound();
        const updated = toTemplate(edited);
        await writeAuditLog(tx, auth, [
          {
            action: 'update',
            module: MODULE,
            recordId: id,
            changes: auditChanges(audited(toTemplate(row)), audited(updated)),
          },
        ]);
        const announced: StoredNotification[] = [];
        for (const changed of rows) {
          announced.push(await announce(tx, auth.clientId, 'update', toTemplate(changed), changed.id));
        }
        return { template: updated, notifications: announced };
      });
      publish(auth.clientId, notifications);
      return template;
    },

    /** `template/deleteone`: deleted at the provider (by name and id), then here; one already gone there goes here too. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      const device = await createDevicesRepository(db).findById(auth.clientId, row.device_id);
      const deleteAtProvider = device ? channels[device.type].deleteTemplate : undefined;
      if (device && deleteAtProvider) {
        const result = await deleteAtProvider(toChannelDevice(box, device), {
          name: row.name,
          providerId: row.provider_id,
        });
        if (!result.ok && result.status !== 404) throw providerError(result);
      }
      const notification = await db.transaction(async (tx) => {
        if (!(await createTemplatesRepository(tx).delete(auth.clientId, id))) throw notFound();
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: MODULE,
            recordId: id,
            changes: auditChanges(audited(toTemplate(row)), null),
          },
        ]);
        return announce(tx, auth.clientId, 'delete', { id, device_id: row.device_id }, id);
      });
      publish(auth.clientId, [notification]);
    },

    /**
     * The provider's template webhooks (status with its reason, quality) applied to the company's copies of
     * that template, each change announced; a template not known here waits for the next synchronize.
     */
    async receiveUpdates(device: DeviceRow, updates: InboundTemplateEvent[]): Promise<void> {
      const patches = updates.flatMap((update) => {
        const patch = patchOf(update);
        return patch ? [{ update, patch }] : [];
      });
      // Every webhook passes here, almost always without a template change: no transaction for nothing.
      if (patches.length === 0) return;
      const notifications: StoredNotification[] = [];
      await db.transaction(async (tx) => {
        for (const { update, patch } of patches) {
          const rows = await createTemplatesRepository(tx).updateByProviderId(
            device.client_id,
            update.providerTemplateId,
            patch,
          );
          for (const row of rows) {
            notifications.push(await announce(tx, device.client_id, 'update', toTemplate(row), row.id));
          }
        }
      });
      publish(device.client_id, notifications);
    },

    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, TEMPLATE_SEARCH_FIELDS, {
        defaultSort: BY_NAME,
        tieBreaker: templates.language,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toTemplate), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Template> {
      const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      return toTemplate(row);
    },

    /**
     * `GET template/synchronize`: copies the templates of every connected device that can send them
     * (WhatsApp official) from the provider; a device whose provider fails keeps its previous copy, and
     * the call answers 502 only when every device failed.
     */
    async synchronize(auth: AuthContext): Promise<Template[]> {
      const deviceRows = await createDevicesRepository(db).listAll(auth.clientId);
      const eligible = deviceRows.filter(
        (row) => isDeviceConnected(row) && canSendTemplates(row) && channels[row.type].listTemplates,
      );
      let failures = 0;
      for (const row of eligible) {
        try {
          const list = (await channels[row.type].listTemplates?.(toChannelDevice(box, row))) ?? [];
          await db.transaction((tx) =>
            createTemplatesRepository(tx).replaceOfDevice(
              auth.clientId,
              row.id,
              list.map((template) => ({
                provider_id: template.providerId,
                name: template.name,
                language: template.language,
                status: template.status,
                category: template.category,
                quality: template.quality ?? 'UNKNOWN',
                components: template.components,
                example: templateExampleText(template.components),
              })),
            ),
          );
        } catch {
          failures += 1;
        }
      }
      if (eligible.length > 0 && failures === eligible.length) throw new AppError(502, 'info.providerFailed');
      const { rows } = await repo.search(
        auth.clientId,
        buildSearchQuery({ page: 1, offset: 500, filters: [], logical: 'and' }, TEMPLATE_SEARCH_FIELDS, {
          defaultSort: BY_NAME,
          tieBreaker: templates.language,
        }),
      );
      return rows.map(toTemplate);
    },
  };
};

export type TemplatesService = ReturnType<typeof createTemplatesService>;
