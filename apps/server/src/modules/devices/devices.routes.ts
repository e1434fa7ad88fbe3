import { deviceCreateSchema, deviceUpdateSchema, searchBodySchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { idParams, localeParams } from '../../core/http/route-schemas';
import type { DevicesService } from './devices.service';

const tags = ['devices'];

export const devicesRoutes: FastifyPluginAsyncZod<{ service: DevicesService }> = async (app, { service }) => {
  app.post(
    '/device/search',
    {
      schema: { tags, summary: "Search the company's devices", params: localeParams, body: searchBodySchema },
      config: { permission: 'device.view' },
    },
    async (request) => {
      const result = await service.search(requireAuth(request), request.body);
      return ok(request.locale, result.data, { pagination: result.pagination });
    },
  );

  app.get(
    '/device/search/:id',
    { schema: { tags, summary: 'One device', params: idParams }, config: { permission: 'device.view' } },
    async (request) => ok(request.locale, [await service.findOne(requireAuth(request), request.params.id)]),
  );

  app.post(
    '/device/create',
    {
      schema: {
        tags,
        summary: "Connect a channel account (limited by the plan's devices; sandbox connects at once)",
        params: localeParams,
        body: deviceCreateSchema,
      },
      config: { permission: 'device.create' },
    },
    async (request) => {
      const device = await service.create(requireAuth(request), request.body);
      return ok(request.locale, [device], { info: 'info.deviceCreated' });
    },
  );

  app.put(
    '/device/updateone/:id',
    {
      schema: {
        tags,
        summary: 'Change a device (secrets sent back masked stay as stored)',
        params: idParams,
        body: deviceUpdateSchema,
      },
      config: { permission: 'device.edit' },
    },
    async (request) => {
      const device = await service.update(requireAuth(request), request.params.id, request.body);
      return ok(request.locale, [device], { info: 'info.deviceUpdated' });
    },
  );

  app.post(
    '/device/connect/:id',
    {
      schema: {
        tags,
        summary: "Connect again: checks the provider credentials and registers the device's webhook",
        params: idParams,
      },
      config: { permission: 'device.connect' },
    },
    async (request) => {
      const device = await service.connect(requireAuth(request), request.params.id);
      const session = device.setting.conect.session;
      // A gateway that took the credentials may still wait for its phone, or have a banned number.
      const info =
        device.status === 'connected'
          ? 'info.deviceConnected'
          : session === 'qr'
            ? 'info.deviceWaitingForQr'
            : session === 'banned'
              ? 'info.deviceBanned'
              : 'info.deviceNotConnected';
      return ok(request.locale, [device], { info });
    },
  );

  app.post(
    '/device/disconnect/:id',
    {
      schema: {
        tags,
        summary: "Disconnect: unregisters the provider's webhook where it has one; sending stops",
        params: idParams,
      },
      config: { permission: 'device.disconnect' },
    },
    async (request) => {
      const device = await service.disconnect(requireAuth(request), request.params.id);
      return ok(request.locale, [device], { info: 'info.deviceDisconnected' });
    },
  );

  app.delete(
    '/device/deleteone/:id',
    {
      schema: { tags, summary: 'Remove a device', params: idParams },
      config: { permission: 'device.delete' },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return ok(request.locale, [], { info: 'info.deviceDeleted' });
    },
  );
};
