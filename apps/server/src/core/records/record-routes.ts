import {
  bulkDeleteSchema,
  bulkUpdateSchema,
  hasAccess,
  type PermissionKey,
  searchBodySchema,
} from '@conversa/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../db/database';
import { forbidden } from '../http/app-error';
import { requireAuth } from '../http/auth.hook';
import { ok } from '../http/envelope';
import type { AuthContext } from '../http/fastify-types';
import { idParams, localeParams } from '../http/route-schemas';
import { exportRecords } from './record-export';
import { exportBodySchema, kanbanBodySchema } from './record-schemas';
import type { RecordService } from './record-service';

/** The Fastify instance a module's route plugin receives. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** A module whose board is not the kit's grouping (a deal's pipeline) gives `X/kanban` its own body and answer. */
export type KanbanOverride<S extends z.ZodType = z.ZodType> = {
  body: S;
  summary: string;
  answer: (auth: AuthContext, body: z.output<S>) => Promise<unknown[]>;
};

/** The OpenAPI security of a route an API key may call: a session's bearer token or the key. */
const TOKEN_OR_API_KEY: { [scheme: string]: string[] }[] = [{ bearer: [] }, { apiKey: [] }];

/**
 * The kit's routes for one module, under `{name}/`: search, search/{id}, create, updateone/{id},
 * deleteone/{id}, export, kanban, updatemany and deletemany, each with its permission and OpenAPI schema.
 * With `openToApiKeys`, an outside system's API key may call search, search/{id}, create and updateone
 * (the public API for CRMs); never the bulk, export or delete routes.
 */
export const registerRecordRoutes = <Api extends { id: string }, S extends z.ZodType = z.ZodType>(
  app: App,
  {
    service,
    db,
    kanban,
    openToApiKeys = false,
  }: { service: RecordService<Api>; db: Database; kanban?: KanbanOverride<S>; openToApiKeys?: boolean },
) => {
  const { module } = service;
  const keyed = openToApiKeys ? { security: TOKEN_OR_API_KEY } : {};
  const { name, permission, words, info } = module;
  const tags = [words.many];
  const key = (action: string) => `${permission}.${action}` as PermissionKey;
  const readers = [key('view'), ...(module.readPermissions ?? [])];
  const canRead = (auth: AuthContext) => readers.some((reader) => hasAccess(auth, reader));
  // Reading one record is open to several keys (config.permission holds one): checked before validation.
  const anyReader = async (request: FastifyRequest) => {
    if (!canRead(requireAuth(request))) throw forbidden();
  };
  // A write answers the record only to whoever may read it: a write-only API key learns the id alone.
  const writtenFor = (auth: AuthContext, record: Api) => (canRead(auth) ? record : { id: record.id });
  const writtenAnswer = `Answers the ${words.one}, or only its id to a caller who cannot read ${words.many}.`;

  app.post(
    `/${name}/search`,
    {
      schema: {
        tags,
        summary: `Search ${words.many}`,
        params: localeParams,
        body: module.search?.schema ?? searchBodySchema,
        ...keyed,
      },
      config: { permission: key('view'), apiKeyAccess: openToApiKeys },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    `/${name}/search/:id`,
    {
      schema: { tags, summary: `One ${words.one}`, params: idParams, ...keyed },
      config: { apiKeyAccess: openToApiKeys },
      preValidation: anyReader,
    },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    `/${name}/create`,
    {
      schema: {
        tags,
        summary: `Create a ${words.one}`,
        description: writtenAnswer,
        params: localeParams,
        body: module.create.schema,
        ...keyed,
      },
      config: { permission: key('create'), apiKeyAccess: openToApiKeys },
    },
    async (request) => {
      const auth = requireAuth(request);
      const record = await service.create(auth, request.body);
      return ok(request.locale, [writtenFor(auth, record)], { info: info.created });
    },
  );

  app.put(
    `/${name}/updateone/:id`,
    {
      schema: {
        tags,
        summary: `Change a ${words.one} (the changed fields only)`,
        description: writtenAnswer,
        params: idParams,
        body: module.update.schema,
        ...keyed,
      },
      config: { permission: key('edit'), apiKeyAccess: openToApiKeys },
    },
    async (request) => {
      const auth = requireAuth(request);
      const record = await service.update(auth, request.params.id, request.body);
      return ok(request.locale, [writtenFor(auth, record)], { info: info.updated });
    },
  );

  app.delete(
    `/${name}/deleteone/:id`,
    {
      schema: { tags, summary: `Delete a ${words.one}`, params: idParams },
      config: { permission: key('delete') },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: info.deleted });
    },
  );

  app.post(
    `/${name}/export`,
    {
      schema: {
        tags,
        summary: `The matching ${words.many} as a CSV or XLSX file, streamed`,
        description:
          'The search body plus format (csv | xlsx) and columns (exportable field keys, in file order; all ' +
          'when absent). Answers the file itself with a header row (each key’s last segment).',
        params: localeParams,
        body: exportBodySchema,
      },
      config: { permission: key('export') },
    },
    async (request, reply) => {
      const file = await exportRecords(db, service, requireAuth(request), request.body);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  );

  if (kanban) {
    app.post(
      `/${name}/kanban`,
      {
        schema: { tags, summary: kanban.summary, params: localeParams, body: kanban.body },
        config: { permission: key('view') },
      },
      async (request) =>
        ok(request.locale, await kanban.answer(requireAuth(request), request.body as z.output<S>)),
    );
  } else {
    app.post(
      `/${name}/kanban`,
      {
        schema: {
          tags,
          summary: `${words.many} grouped by a field: data [{column, count, items}], each column paged by the body`,
          params: localeParams,
          body: kanbanBodySchema,
        },
        config: { permission: key('view') },
      },
      async (request) => {
        const result = await service.kanban(requireAuth(request), request.body);
        return ok(request.locale, result.data, { pagination: result.pagination });
      },
    );
  }

  app.put(
    `/${name}/updatemany`,
    {
      schema: {
        tags,
        summary: `Change several ${words.many}, by ids or by the records a search finds`,
        params: localeParams,
        body: bulkUpdateSchema(module.bulkUpdate.schema),
      },
      config: { permission: key('bulkupdate') },
    },
    async (request) => {
      const result = await service.updateMany(requireAuth(request), request.body);
      return ok(request.locale, [result], { info: 'info.recordsUpdated' });
    },
  );

  app.put(
    `/${name}/deletemany`,
    {
      schema: {
        tags,
        summary: `Delete several ${words.many}, by ids or by the records a search finds`,
        params: localeParams,
        body: bulkDeleteSchema,
      },
      config: { permission: key('bulkdelete') },
    },
    async (request) => {
      const result = await service.deleteMany(requireAuth(request), request.body);
      return ok(request.locale, [result], { info: 'info.recordsDeleted' });
    },
  );
};
