import type { AccountBundle, Client, ListItem, Pipeline, User, View } from '@conversa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session';
import { type Notification, RECONNECTED, useSocketEvent } from '../socket';
import { accountQueryKey } from './api/get-account';

/** Applies a realtime notification to the account bundle (spec section 4: user and client updates). */
export const applyAccountNotification = (
  bundle: AccountBundle,
  notification: Notification,
): AccountBundle => {
  if (notification.module === 'listdinamic') return applyListItems(bundle, notification);
  if (notification.module === 'view') return applyViews(bundle, notification);
  if (notification.module === 'pipeline') return applyPipelines(bundle, notification);
  if (notification.action !== 'update') return bundle;
  if (notification.module === 'user') {
    const users = notification.data as Partial<User>[];
    const mine = users.find((user) => user.id === bundle.user.id);
    return {
      ...bundle,
      user: mine ? { ...bundle.user, ...mine } : bundle.user,
      list_user: bundle.list_user.map((listed) => {
        const changed = users.find((user) => user.id === listed.id);
        return changed ? { ...listed, ...pickListed(changed) } : listed;
      }),
    };
  }
  if (notification.module === 'client') {
    const [client] = notification.data as Partial<Client>[];
    if (!client || (client.id && client.id !== bundle.client.id)) return bundle;
    return { ...bundle, client: { ...bundle.client, ...client } };
  }
  return bundle;
};

const isListItem = (item: Partial<ListItem>): item is ListItem =>
  typeof item.id === 'string' &&
  typeof item.module === 'string' &&
  typeof item.field === 'string' &&
  typeof item.name === 'string';

/**
 * A tag or status made, changed or deleted anywhere: every filter, cell and board column reads the
 * bundle's list, so it follows at once (spec section 4: listdinamic create, update, delete).
 */
const applyListItems = (bundle: AccountBundle, notification: Notification): AccountBundle => {
  const changed = (notification.data as Partial<ListItem>[]).filter((item) => typeof item?.id === 'string');
  const ids = new Set(changed.map((item) => item.id));
  if (notification.action === 'delete') {
    return { ...bundle, list_dinamic: bundle.list_dinamic.filter((item) => !ids.has(item.id)) };
  }
  const merged = changed.flatMap((item) => {
    const known = bundle.list_dinamic.find((listed) => listed.id === item.id);
    const next = { ...known, ...item };
    return isListItem(next) ? [next] : [];
  });
  const mergedIds = new Set(merged.map((item) => item.id));
  return {
    ...bundle,
    list_dinamic: [...bundle.list_dinamic.filter((item) => !mergedIds.has(item.id)), ...merged],
  };
};

const isPipeline = (pipeline: Partial<Pipeline>): pipeline is Pipeline =>
  typeof pipeline.id === 'string' && typeof pipeline.name === 'string' && Array.isArray(pipeline.stages);

/**
 * The company's pipelines as they are made, changed or deleted (spec section 4: pipeline create, update,
 * delete): a changed one keeps its place, a new one comes last; a card moved (updateAlt) changes none.
 */
const applyPipelines = (bundle: AccountBundle, notification: Notification): AccountBundle => {
  if (!['create', 'update', 'delete'].includes(notification.action)) return bundle;
  const changed = (notification.data as Partial<Pipeline>[]).filter(
    (pipeline) => typeof pipeline?.id === 'string',
  );
  const byId = new Map(changed.map((pipeline) => [pipeline.id, pipeline]));
  if (notification.action === 'delete') {
    return { ...bundle, list_pipeline: bundle.list_pipeline.filter((pipeline) => !byId.has(pipeline.id)) };
  }
  const updated = bundle.list_pipeline.map((pipeline) => {
    const next = { ...pipeline, ...byId.get(pipeline.id) };
    return isPipeline(next) ? next : pipeline;
  });
  const known = new Set(updated.map((pipeline) => pipeline.id));
  const added = changed.filter((pipeline) => !known.has(pipeline.id as string)).filter(isPipeline);
  return { ...bundle, list_pipeline: [...updated, ...added] };
};

const isView = (view: Partial<View>): view is View =>
  typeof view.id === 'string' && typeof view.name === 'string' && Array.isArray(view.columns);

/**
 * The person's own views and the company's, as they are saved anywhere (spec section 4: view create,
 * update, delete). A colleague's personal view arrives as its id only and stays out; a new default takes
 * the place of the former one of the same module and owner.
 */
const applyViews = (bundle: AccountBundle, notification: Notification): AccountBundle => {
  const changed = (notification.data as Partial<View>[]).filter((view) => typeof view?.id === 'string');
  if (notification.action === 'delete') {
    const ids = new Set(changed.map((view) => view.id));
    return { ...bundle, views: bundle.views.filter((view) => !ids.has(view.id)) };
  }
  let views = bundle.views;
  for (const partial of changed) {
    const view = { ...views.find((known) => known.id === partial.id), ...partial };
    if (!isView(view) || (view.owner !== null && view.owner !== bundle.user.id)) continue;
    views = [
      ...views
        .filter((known) => known.id !== view.id)
        .map((known) =>
          view.is_default && known.module === view.module && known.owner === view.owner
            ? { ...known, is_default: false }
            : known,
        ),
      view,
    ];
  }
  return { ...bundle, views };
};

const pickListed = (user: Partial<User>): Partial<AccountBundle['list_user'][number]> => {
  const { id, name, email, account, online } = user;
  return Object.fromEntries(
    Object.entries({ id, name, email, account, online }).filter(([, value]) => value !== undefined),
  );
};

/** Keeps the cached account in step with the server while signed in. */
export const useAccountRealtime = (): void => {
  const session = useSession();
  const queryClient = useQueryClient();

  useSocketEvent<Notification>('notification', (notification) => {
    if (!session) return;
    queryClient.setQueryData<AccountBundle>(accountQueryKey(session), (bundle) =>
      bundle ? applyAccountNotification(bundle, notification) : bundle,
    );
  });

  useSocketEvent(RECONNECTED, () => {
    if (session) void queryClient.invalidateQueries({ queryKey: accountQueryKey(session) });
  });
};
