import { auditChanges, type Client, type companyProfileSchema, hasAccess } from '@conversa/domain';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isShownInline, sniffContentType } from '../../core/storage/content-type';
import type { FileStore } from '../../core/storage/file-store';
import { createStoredFiles } from '../storage/stored-files';
import { auditedProfile, toPublicClient } from './clients.mapper';
import { createClientsRepository, type ProfilePatch } from './clients.repository';

type CompanyProfile = z.output<typeof companyProfileSchema>;

/** The owner edits their company's profile; a staff user needs setting.edit. */
const assertMayEditProfile = (auth: AuthContext) => {
  if (auth.account === 'user' && !hasAccess(auth, 'setting.edit')) throw forbidden();
};

/**
 * Each company's own profile, which its owner changes in Settings: every member is told through the
 * `client` notification. The master's console of companies is clients-admin.service.
 */
export const createClientsService = ({
  db,
  events,
  files,
}: {
  db: Database;
  events: EventBus;
  files: FileStore;
}) => {
  const repo = createClientsRepository(db);
  const storedFiles = createStoredFiles({ db, files });
  const publicOf = (row: Parameters<typeof toPublicClient>[0]) => toPublicClient(row, files.url);

  /** Stores the change and its audit row together, then tells the company. */
  const changeProfile = async (
    auth: AuthContext,
    patch: ProfilePatch,
    inTransaction?: (tx: Executor) => Promise<unknown>,
  ) => {
    const { before, after } = await db.transaction(async (tx) => {
      await inTransaction?.(tx);
      const txRepo = createClientsRepository(tx);
      const current = await txRepo.findById(auth.clientId);
      const updated = current && (await txRepo.updateProfile(auth.clientId, patch));
      if (!current || !updated) throw notFound();
      const changes = auditChanges(auditedProfile(current), auditedProfile(updated));
      if (Object.keys(changes).length > 0)
        await writeAuditLog(tx, auth, [
          { action: 'update', module: 'client', recordId: auth.clientId, changes },
        ]);
      return { before: current, after: updated };
    });
    const client = publicOf(after);
    events.emit('client.updated', { clientId: auth.clientId, client });
    return { before, client };
  };

  return {
    async profile(auth: AuthContext): Promise<Client> {
      const row = await repo.findById(auth.clientId);
      if (!row) throw notFound();
      return publicOf(row);
    },

    async updateProfile(auth: AuthContext, input: CompanyProfile): Promise<Client> {
      assertMayEditProfile(auth);
      // A request without a body arrives as undefined: nothing to change.
      return (await changeProfile(auth, { ...input })).client;
    },

    /** A PNG, JPEG, GIF or WebP image, judged by its bytes; the previous logo's file is removed. */
    async updateLogo(auth: AuthContext, content: Buffer): Promise<Client> {
      assertMayEditProfile(auth);
      const contentType = await sniffContentType(content);
      if (!contentType.startsWith('image/') || !isShownInline(contentType))
        throw badRequest([{ path: 'file', message: 'validation.logoType' }]);
      const key = await files.put(auth.clientId, { content, contentType, filename: 'logo' });
      // The logo is one of the company's files (storage lists it), never refused for the plan's storage.
      const logo = { key, name: 'logo', size: content.length, mime: contentType };
      const changed = await changeProfile(auth, { imglogo: key }, (tx) =>
        storedFiles.keep(
          tx,
          auth.clientId,
          logo,
          { module: 'logo', referenceId: auth.clientId, createdBy: auth.userId },
          { withinLimit: false },
        ),
      ).catch(async (error: unknown) => {
        await files.delete(key);
        throw error;
      });
      if (changed.before.imglogo) await storedFiles.remove(auth.clientId, changed.before.imglogo);
      return changed.client;
    },

    async removeLogo(auth: AuthContext): Promise<Client> {
      assertMayEditProfile(auth);
      const { before, client } = await changeProfile(auth, { imglogo: '' });
      if (before.imglogo) await storedFiles.remove(auth.clientId, before.imglogo);
      return client;
    },
  };
};

export type ClientsService = ReturnType<typeof createClientsService>;
