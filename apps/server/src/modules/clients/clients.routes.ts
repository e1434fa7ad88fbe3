import { companyProfileSchema } from '@conversa/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { readMultipartForm } from '../../core/http/multipart-form';
import { localeParams } from '../../core/http/route-schemas';
import type { ClientsService } from './clients.service';

const tags = ['clients'];

export const clientsRoutes: FastifyPluginAsyncZod<{ service: ClientsService }> = async (app, { service }) => {
  app.get(
    '/client/profile',
    { schema: { tags, summary: "The caller's own company", params: localeParams } },
    async (request) => ok(request.locale, [await service.profile(requireAuth(request))]),
  );

  app.put(
    '/client/profile',
    {
      schema: {
        tags,
        summary:
          "Change the own company's name, phone, time zone or number format (the owner, or setting.edit); every member gets the client notification",
        params: localeParams,
        body: companyProfileSchema,
      },
    },
    async (request) => {
      const client = await service.updateProfile(requireAuth(request), request.body);
      return ok(request.locale, [client], { info: 'info.companyUpdated' });
    },
  );

  app.post(
    '/client/logo',
    {
      schema: {
        tags,
        summary:
          "Upload the company's logo: multipart field `file`, a PNG, JPEG, GIF or WebP image of at most 10,000,000 bytes; imglogo answers its signed link",
        params: localeParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // The form's one file (app.ts allows one), whatever its field's name.
      const [file] = (await readMultipartForm(request)).files;
      if (!file) throw badRequest([{ path: 'file', message: 'validation.required' }]);
      const client = await service.updateLogo(auth, file.content);
      return ok(request.locale, [client], { info: 'info.logoUpdated' });
    },
  );

  app.delete(
    '/client/logo',
    { schema: { tags, summary: "Remove the company's logo", params: localeParams } },
    async (request) => {
      const client = await service.removeLogo(requireAuth(request));
      return ok(request.locale, [client], { info: 'info.logoUpdated' });
    },
  );
};
