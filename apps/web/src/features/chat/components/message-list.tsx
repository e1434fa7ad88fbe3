import type { Message, QuotedMessage } from '@conversa/domain';
import { Box, Chip, Skeleton, Stack } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContextProp, type ListProps, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { formattersFor } from '../../../shared/format/intl-format';
import ForumOutlined from '../../../shared/icons/ForumOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useMessages } from '../api/get-messages';
import { dayKeyOf, groupByDay, type MessageRowItem } from '../group-by-day';
import { MessageBubble } from './message-bubble';
import { reactionsByMessage } from './message-reactions';

// Virtuoso's prepend pattern: older rows get ever smaller indexes, counted down from a large start.
const START_INDEX = 1_000_000;

const dayLabel = (date: Date, t: (key: string) => string, locale: string): string => {
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (dayKeyOf(date) === dayKeyOf(today)) return t('dates.today');
  if (dayKeyOf(date) === dayKeyOf(yesterday)) return t('dates.yesterday');
  return formattersFor(locale).longDate(date);
};

const MessagesSkeleton = () => (
  <Stack spacing={1.5} sx={{ p: 2 }} aria-hidden="true">
    {[60, 40, 72, 35, 55].map((width, index) => (
      <Box key={width} sx={{ display: 'flex', justifyContent: index % 2 ? 'flex-end' : 'flex-start' }}>
        <Skeleton variant="rounded" width={`${width}%`} height={44} />
      </Box>
    ))}
  </Stack>
);

type ListContext = { isLoadingOlder: boolean };

const ListHeader = ({ context }: { context?: ListContext }) =>
  context?.isLoadingOlder ? (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
      <Skeleton variant="rounded" width={120} height={24} />
    </Box>
  ) : (
    <Box sx={{ height: 8 }} />
  );

const ListFooter = () => <Box sx={{ height: 12 }} />;

/**
 * The rows, never hidden. Virtuoso hides them until it has confirmed its scroll to the newest message, and
 * that confirmation waits for a later change of the list: a conversation shorter than the pane (a customer's
 * first message) has nothing to scroll, so it stayed blank until something else re-rendered it.
 */
const MessageRows = ({ style, context: _context, ...props }: ListProps & ContextProp<ListContext>) => (
  <div {...props} style={{ ...style, visibility: 'visible' }} />
);

/** How long a message reached from a quote stays marked. */
const HIGHLIGHT_MS = 2000;

/**
 * The conversation, oldest at the top; scrolling up loads the older pages and keeps the reader's place.
 * Reactions are not rows: each shows under the message it reacts to. Pressing a quote scrolls to the
 * quoted message and marks it for a moment, when that message is loaded.
 */
export const MessageList = ({ contactId }: { contactId: string }) => {
  const { t, i18n } = useTranslation();
  const query = useMessages(contactId);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const { items, firstItemIndex, reactionsOf } = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const seen = new Set<string>();
    const ordered: Message[] = [];
    // Pages are newest first; a page fetched after new messages arrived repeats a few rows.
    for (const message of pages.flatMap((page) => page.items).reverse()) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      ordered.push(message);
    }
    const { reactionsOf, shown } = reactionsByMessage(ordered);
    const rows = groupByDay(shown);
    const newestPage = new Set(pages[0]?.items.map((message) => message.id));
    const anchor = rows.findIndex((row) => row.kind === 'message' && newestPage.has(row.message.id));
    return { items: rows, firstItemIndex: START_INDEX - Math.max(0, anchor), reactionsOf };
  }, [query.data]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const jumpToQuote = useCallback(
    (quoted: QuotedMessage) => {
      const index = items.findIndex((row) => row.kind === 'message' && row.message.id === quoted.id);
      if (index < 0) return;
      setHighlighted(quoted.id);
      const element = document.querySelector(`[data-message-id="${CSS.escape(quoted.id)}"]`);
      if (element) element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      else virtuoso.current?.scrollToIndex({ index, align: 'center', behavior: 'smooth' });
    },
    [items],
  );

  if (query.isPending) return <MessagesSkeleton />;
  if (items.length === 0) {
    return (
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <EmptyState icon={ForumOutlined} title={t('chat.panel.noMessages')} />
      </Box>
    );
  }

  return (
    <Virtuoso<MessageRowItem, ListContext>
      key={contactId}
      ref={virtuoso}
      style={{ flex: 1 }}
      data={items}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      computeItemKey={(_index, item) => item.key}
      followOutput={(isAtBottom) => (isAtBottom ? 'smooth' : false)}
      alignToBottom
      increaseViewportBy={{ top: 500, bottom: 200 }}
      startReached={() => {
        if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
      }}
      context={{ isLoadingOlder: query.isFetchingNextPage }}
      components={{ Header: ListHeader, Footer: ListFooter, List: MessageRows }}
      itemContent={(_index, item) =>
        item.kind === 'day' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <Chip size="small" label={dayLabel(item.date, t, i18n.language)} data-testid="day-chip" />
          </Box>
        ) : (
          <MessageBubble
            message={item.message}
            reactions={reactionsOf.get(item.message.id)}
            onJumpToQuote={jumpToQuote}
            isHighlighted={highlighted === item.message.id}
          />
        )
      }
    />
  );
};
