import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UrlSigner } from '../crypto/secret-box';
import { notFound } from '../http/app-error';
import type { FileStore } from './file-store';

const INLINE_TYPES = /^(image|audio|video)\/|^application\/pdf$/;

/**
 * Attachments through signed, expiring links (`/files/{key}?exp=&sig=`): <img> and <audio> tags cannot
 * send the bearer token, so the signature is the proof. A bad or expired link is simply not found.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FileStore; signer: UrlSigner }> = async (
  app,
  { files, signer },
) => {
  app.get(
    '/files/:key',
    {
      schema: {
        tags: ['files'],
        summary: 'An attachment through its signed link',
        params: z.object({ key: z.string().min(1).max(200) }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().min(1).max(200) }),
      },
      config: { isPublic: true },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!signer.verify(key, request.query.exp, request.query.sig)) throw notFound();
      const file = await files.get(key);
      if (!file) throw notFound();
      const disposition = INLINE_TYPES.test(file.contentType) ? 'inline' : 'attachment';
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .send(file.content);
    },
  );
};
