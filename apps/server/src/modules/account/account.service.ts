import { type AccountBundle, type Locale, notificationFor, PAGE_SIZE, recordFor } from '@conversa/domain';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import type { FileStore } from '../../core/storage/file-store';
import { describeImpersonation } from '../auth/impersonation.service';
import { toPublicClient } from '../clients/clients.mapper';
import { createClientsRepository } from '../clients/clients.repository';
import { toPublicDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';
import { toListItem } from '../listdinamic/listdinamic.mapper';
import { createListDinamicRepository } from '../listdinamic/listdinamic.repository';
import { toNewsletter } from '../newsletters/newsletters.mapper';
import { createNewslettersRepository } from '../newsletters/newsletters.repository';
import { toPipeline } from '../pipelines/pipelines.mapper';
import { createPipelinesRepository } from '../pipelines/pipelines.repository';
import { toPublicUser } from '../users/users.mapper';
import { createUsersRepository } from '../users/users.repository';
import { settingViewsOf } from '../views/view-fields';
import { toView } from '../views/views.mapper';
import { createViewsRepository } from '../views/views.repository';

export const createAccountService = ({
  db,
  box,
  publicUrl,
  files,
}: {
  db: Database;
  box: SecretBox;
  publicUrl: string;
  files: FileStore;
}) => {
  const users = createUsersRepository(db);
  const devices = createDevicesRepository(db);
  const clients = createClientsRepository(db);
  const listItems = createListDinamicRepository(db);
  const views = createViewsRepository(db);
  const pipelines = createPipelinesRepository(db);
  const newsletters = createNewslettersRepository(db);

  return {
    /**
     * Everything the web needs after sign-in. The path's ids must be the caller's own; anything else is
     * "not found" so nobody learns whether another company or user exists.
     */
    async bundle(
      auth: AuthContext,
      clientId: string,
      userId: string,
      locale: Locale,
    ): Promise<AccountBundle> {
      if (clientId !== auth.clientId || userId !== auth.userId) throw notFound();
      const [user, client, team, deviceRows, itemRows, viewRows, pipelineRows, news, popups, acting] =
        await Promise.all([
          users.findById(auth.clientId, auth.userId),
          clients.findById(auth.clientId),
          users.listBrief(auth.clientId),
          devices.listAll(auth.clientId),
          listItems.listAll(auth.clientId),
          views.listVisible(auth.clientId, auth.userId),
          pipelines.listAll(auth.clientId),
          newsletters.latest(PAGE_SIZE.news),
          newsletters.popupsDueFor(auth.userId, new Date()),
          describeImpersonation(db, auth),
        ]);
      if (!user || !client) throw notFound();
      // The devices as a device notification would show them to this user: secrets only with device.edit.
      const devicesShown = notificationFor(
        auth,
        { module: 'device', data: deviceRows.map((row) => toPublicDevice(box, row, publicUrl)) },
        null,
      );
      return {
        user: toPublicUser(user),
        client: toPublicClient(client, files.url),
        // Colleagues as a user notification shows them: e-mail and account type only with user.view.
        list_user: team.rows.map(({ id, name, email, account, online }) =>
          recordFor(auth, 'user', { id, name, email, account, online }),
        ),
        // Modules that do not exist yet answer empty lists, so the web can rely on every key.
        list_dinamic: itemRows.map(toListItem),
        list_device: devicesShown?.data ?? [],
        views: viewRows.map(toView),
        setting_device: [],
        list_pipeline: pipelineRows.map(({ row, stages }) => toPipeline(row, stages)),
        setting_views: settingViewsOf(locale),
        setting_graphics: [],
        popover_newsletter: news.map(toNewsletter),
        modal_newsletter: popups.map(toNewsletter),
        impersonation: acting,
      };
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
