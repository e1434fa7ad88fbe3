import {
  CHAT_FILTERS,
  CHAT_OPTIONS,
  type ChatFilter,
  type ChatOption,
  type Contact,
  formatCount,
  TIMING,
} from '@conversa/domain';
import {
  Box,
  Fab,
  IconButton,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { useUpdateCurrentUser } from '../../../shared/account/api/update-user';
import { useAccount, useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import ForumOutlined from '../../../shared/icons/ForumOutlined';
import Search from '../../../shared/icons/Search';
import ViewColumnOutlined from '../../../shared/icons/ViewColumnOutlined';
import { ColumnDialog } from '../../../shared/records/components/column-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDebounced } from '../../../shared/use-debounced';
import { type ChatListParams, useChats } from '../api/get-chats';
import { resortChats } from '../chat-cache';
import { CHAT_COLUMNS, type ChatColumn, chatColumnsOf } from '../chat-columns';
import { ConversationRow } from './conversation-row';
import { ReleaseControl } from './release-control';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

const RowSkeleton = () => (
  <Box sx={{ display: 'flex', gap: 1.5, px: 2, py: 1.5 }} aria-hidden="true">
    <Skeleton variant="circular" width={44} height={44} />
    <Box sx={{ flex: 1 }}>
      <Skeleton width="60%" />
      <Skeleton width="90%" />
    </Box>
  </Box>
);

type ListContext = { hasMore: boolean };

/** Skeleton rows while more pages exist, then the end-of-list text. */
const ListFooter = ({ context }: { context?: ListContext }) => {
  const { t } = useTranslation();
  if (context?.hasMore) return <RowSkeleton />;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ textAlign: 'center', py: 3 }}
      data-testid="list-end"
    >
      {t('chat.list.end')}
    </Typography>
  );
};

/** The conversation list: filters, search, bulk release, columns, and the virtualised rows. */
export const ConversationList = ({
  selectedId,
  isWidget,
  hasMenuInset = false,
  onSelect,
  onNewMessage,
  toolbar,
}: {
  selectedId: string | null;
  isWidget: boolean;
  /** The layout's floating menu button sits over the header's start: leave it room. */
  hasMenuInset?: boolean;
  onSelect: (contact: Contact) => void;
  onNewMessage: () => void;
  toolbar?: ReactNode;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user, client } = useAccount();
  const can = useCan();
  const { mutate: updateUser } = useUpdateCurrentUser();
  const [filter, setFilter] = useState<ChatFilter>('All');
  const [option, setOption] = useState<ChatOption>('allMessages');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), TIMING.searchDebounceMs);
  const [isColumnsOpen, setIsColumnsOpen] = useState(false);
  const params: ChatListParams = useMemo(() => ({ filter, option, search }), [filter, option, search]);
  const fixedRef = useRef(user.fixed);
  fixedRef.current = user.fixed;
  const query = useChats(params, () => fixedRef.current);
  // Kept while the views are unchanged, so the memoised rows are not all rendered again.
  const columns = useMemo(() => chatColumnsOf(user.custom_views), [user.custom_views]);
  const contacts = useMemo(() => {
    // A page fetched after the list moved repeats a few conversations.
    const byId = new Map<string, Contact>();
    for (const contact of query.data?.pages.flatMap((page) => page.items) ?? []) {
      if (!byId.has(contact.id)) byId.set(contact.id, contact);
    }
    return [...byId.values()];
  }, [query.data]);
  const lastPage = query.data?.pages.at(-1);
  const total = `${formatCount(lastPage?.total ?? 0, client.number_format)}${lastPage?.more ? '+' : ''}`;

  const togglePin = useCallback(
    (contact: Contact) => {
      const fixed = fixedRef.current.includes(contact.id)
        ? fixedRef.current.filter((id) => id !== contact.id)
        : [contact.id, ...fixedRef.current];
      updateUser({ fixed });
      resortChats(queryClient, fixed);
    },
    [updateUser, queryClient],
  );

  const columnOptions = useMemo(
    () => CHAT_COLUMNS.map((column) => ({ key: column, label: t(`chat.columns.${column}`) })),
    [t],
  );
  const saveColumns = (chosen: ChatColumn[]) => {
    updateUser({ custom_views: { ...user.custom_views, chat: { columns: chosen } } });
    setIsColumnsOpen(false);
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        position: 'relative',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minHeight: 40,
            paddingInlineStart: hasMenuInset ? 6 : 0,
          }}
        >
          <Typography variant="h6" component="h1" sx={{ flex: 1 }} noWrap>
            {t('chat.list.title')}{' '}
            <Typography component="span" variant="body2" color="text.secondary" data-testid="chat-count">
              {contacts.length}/{total}
            </Typography>
          </Typography>
          <ReleaseControl
            canUnlockMany={can('chat.unlockchatmany')}
            canUnlockAll={can('chat.unlockall')}
            find={params}
          />
          {!isWidget && (
            <Tooltip title={t('chat.columns.title')}>
              <IconButton aria-label={t('chat.columns.title')} onClick={() => setIsColumnsOpen(true)}>
                <ViewColumnOutlined />
              </IconButton>
            </Tooltip>
          )}
          {toolbar}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter}
            onChange={(_event, value: ChatFilter | null) => value && setFilter(value)}
            aria-label={t('chat.list.filter')}
          >
            {CHAT_FILTERS.map((value) => (
              <ToggleButton key={value} value={value} sx={{ textTransform: 'none', px: 1.5 }}>
                {t(`chat.filters.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            value={option}
            onChange={(event) => setOption(event.target.value as ChatOption)}
            sx={{ flex: 1, minWidth: 0 }}
            slotProps={{ htmlInput: { 'aria-label': t('chat.list.option') } }}
          >
            {CHAT_OPTIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`chat.options.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          size="small"
          fullWidth
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('chat.list.search')}
          sx={{ mt: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': t('chat.list.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }} data-testid="conversation-list">
        {query.isPending ? (
          SKELETON_ROWS.map((key) => <RowSkeleton key={key} />)
        ) : contacts.length === 0 ? (
          <EmptyState
            icon={ForumOutlined}
            title={search ? t('chat.list.noResults') : t('chat.list.empty')}
            description={search ? undefined : t('chat.list.emptyHelp')}
          />
        ) : (
          <Virtuoso<Contact, ListContext>
            style={{ height: '100%' }}
            data={contacts}
            computeItemKey={(_index, contact) => contact.id}
            endReached={() => {
              if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
            }}
            increaseViewportBy={400}
            itemContent={(_index, contact) => (
              <ConversationRow
                contact={contact}
                columns={columns}
                isSelected={contact.id === selectedId}
                isPinned={user.fixed.includes(contact.id)}
                onSelect={onSelect}
                onTogglePin={togglePin}
              />
            )}
            context={{ hasMore: Boolean(query.hasNextPage) || query.isFetchingNextPage }}
            components={{ Footer: ListFooter }}
          />
        )}
      </Box>
      {/* The + button has a strip of its own below the rows, so it never covers a row's time or buttons. */}
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Fab
          color="primary"
          size="medium"
          aria-label={t('chat.newMessage.title')}
          onClick={onNewMessage}
          data-testid="new-message"
        >
          <Add />
        </Fab>
      </Box>
      <ColumnDialog
        isOpen={isColumnsOpen}
        options={columnOptions}
        selected={columns}
        onClose={() => setIsColumnsOpen(false)}
        onSave={saveColumns}
      />
    </Box>
  );
};
