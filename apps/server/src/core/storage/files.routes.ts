import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UrlSigner } from '../crypto/secret-box';
import { notFound } from '../http/app-error';
import { isActiveType, isShownInline, OPAQUE_TYPE } from './content-type';
import type { FileStore } from './file-store';

/**
 * Files come from customers and agents, so nothing served here may run on the app's origin: no script,
 * no plugin, no form, no frame, as if opened from a sandboxed, empty origin. Images and media still
 * display when opened directly (their document needs the inline style browsers give it).
 */
const FILE_POLICY =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";

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
      // Files stored before their type was sniffed may still carry an active one: served opaque.
      const type = isActiveType(file.contentType) ? OPAQUE_TYPE : file.contentType;
      const disposition = isShownInline(type) ? 'inline' : 'attachment';
      return reply
        .type(type)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_POLICY)
        .header('cache-control', 'private, max-age=3600')
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .send(file.content);
    },
  );
};
