import { Box, Button, Card, CardContent, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import ArrowBack from '../icons/ArrowBack';

/** One tab of a record's page; `render` runs only while the tab is open, so a tab loads its data when shown. */
export type DetailTab = { key: string; label: string; render: () => ReactNode };

type DetailFrameProps = {
  /** The list the back link returns to, and its name. */
  back: { to: string; label: string };
  /** Undefined while the record loads: the frame shows its shape. */
  title: string | undefined;
  subtitle?: ReactNode;
  avatar?: ReactNode;
  actions?: ReactNode;
  tabs: readonly DetailTab[];
  /** The tabs' accessible name. */
  tabsLabel: string;
};

const TAB_PARAM = 'tab';

const HeaderSkeleton = () => (
  <Card variant="outlined" aria-busy="true">
    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <Skeleton variant="circular" width={56} height={56} />
      <Box sx={{ flex: 1 }}>
        <Skeleton width="40%" height={36} />
        <Skeleton width="25%" />
      </Box>
    </CardContent>
  </Card>
);

/**
 * The frame of a record's page (contacts, leads, deals): a link back to the list, the record's title,
 * subtitle and actions, and its tabs. The open tab is in the address (`?tab=notes`), so a link or a reload
 * opens the same tab.
 */
export const DetailFrame = ({
  back,
  title,
  subtitle,
  avatar,
  actions,
  tabs,
  tabsLabel,
}: DetailFrameProps) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(TAB_PARAM);
  const current = tabs.find((tab) => tab.key === asked) ?? tabs[0];
  const open = (key: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (key === tabs[0]?.key) next.delete(TAB_PARAM);
        else next.set(TAB_PARAM, key);
        return next;
      },
      { replace: true },
    );

  return (
    <Box>
      <Button
        component={Link}
        to={back.to}
        startIcon={<ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
        sx={{ mb: 2 }}
        data-testid="detail-back"
      >
        {back.label}
      </Button>
      {title === undefined ? (
        <HeaderSkeleton />
      ) : (
        <Card variant="outlined">
          <CardContent
            sx={{ display: 'flex', gap: 2, alignItems: { xs: 'flex-start', sm: 'center' }, flexWrap: 'wrap' }}
          >
            {avatar}
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Typography
                variant="h5"
                component="h1"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                data-testid="page-title"
              >
                {title}
              </Typography>
              {subtitle && (
                <Box sx={{ mt: 0.5, color: 'text.secondary' }} data-testid="detail-subtitle">
                  {subtitle}
                </Box>
              )}
            </Box>
            {actions && (
              <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {actions}
              </Stack>
            )}
          </CardContent>
        </Card>
      )}
      {current && (
        <>
          <Tabs
            value={current.key}
            onChange={(_event, key: string) => open(key)}
            aria-label={tabsLabel}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((tab) => (
              <Tab
                key={tab.key}
                value={tab.key}
                label={tab.label}
                id={`detail-tab-${tab.key}`}
                aria-controls={`detail-panel-${tab.key}`}
                data-testid={`detail-tab-${tab.key}`}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`detail-panel-${current.key}`}
            aria-labelledby={`detail-tab-${current.key}`}
            sx={{ pt: 3 }}
          >
            {title === undefined ? <Skeleton variant="rounded" height={320} /> : current.render()}
          </Box>
        </>
      )}
    </Box>
  );
};
