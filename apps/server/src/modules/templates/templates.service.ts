import {
  canSendTemplates,
  isDeviceConnected,
  type SearchBody,
  type Template,
  templateExampleText,
  templateSkeleton,
} from '@conversa/domain';
import type { ChannelRegistry } from '../../channels/channel-registry';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import { type TemplateRow, templates } from '../../core/db/schema';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery } from '../../core/http/search-query';
import { toChannelDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';
import { createTemplatesRepository, TEMPLATE_SEARCH_FIELDS } from './templates.repository';

const BY_NAME = { key: 'name', order: 'asc' } as const;

export type TemplatesServiceDeps = { db: Database; box: SecretBox; channels: ChannelRegistry };

export const toTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  client_id: row.client_id,
  device_id: row.device_id,
  name: row.name,
  language: row.language,
  status: row.status,
  category: row.category,
  example: row.example,
  components: row.components,
  schema: { template: templateSkeleton(row.name, row.language, row.components) },
  create_date: row.create_date.toISOString(),
  update_date: row.update_date.toISOString(),
});

/** Message templates live at the provider (WhatsApp Business); the product keeps a synchronised copy. */
export const createTemplatesService = ({ db, box, channels }: TemplatesServiceDeps) => {
  const repo = createTemplatesRepository(db);

  return {
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
