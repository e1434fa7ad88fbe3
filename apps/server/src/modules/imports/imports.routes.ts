import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../core/http/app-error';
import { requireAuth } from '../../core/http/auth.hook';
import { ok } from '../../core/http/envelope';
import { localeParams } from '../../core/http/route-schemas';
import { translateMessage } from '../../core/i18n/i18n';
import type { ImportsService } from './imports.service';

const tags = ['imports'];

export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
  app.post(
    '/imports/contact',
    {
      schema: {
        tags,
        summary: 'Import contacts from a CSV or XLSX file (multipart, one file of at most 10,000,000 bytes)',
        description:
          'The first row names the columns (nombre/name, telefono/phone, correo/email, documento/document, ' +
          'pais/country, etapa/stage, etiquetas/tags). Each row follows the new-contact rules; a phone the ' +
          'company already has is skipped. Answers data [{created, skipped, failed, errors[{line, path, message}]}].',
        params: localeParams,
        consumes: ['multipart/form-data'],
      },
      config: { permission: 'contact.import' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw badRequest([{ path: 'file', message: 'validation.required' }]);
      // Reading the whole file enforces the upload limit (413 fileMax10mb).
      const result = await service.importContacts(auth, await part.toBuffer());
      const errors = result.errors.map((issue) => ({
        ...issue,
        message: translateMessage(request.locale, issue.message),
      }));
      return ok(request.locale, [{ ...result, errors }], { info: 'info.importDone' });
    },
  );
};
