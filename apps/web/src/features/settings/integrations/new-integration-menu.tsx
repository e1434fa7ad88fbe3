import {
  Box,
  Button,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TableCell,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import Add from '../../../shared/icons/Add';

/**
 * "New integration", "Connect an agenda": a button opening the list of what can be connected, each with
 * its mark, its name and what it is for.
 */
export const NewIntegrationMenu = <T extends string>({
  label,
  types,
  avatar,
  nameOf,
  descriptionOf,
  testId,
  onChoose,
}: {
  label: string;
  types: readonly T[];
  avatar: (type: T) => ReactNode;
  nameOf: (type: T) => string;
  descriptionOf: (type: T) => string;
  testId: string;
  onChoose: (type: T) => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={testId}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {types.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onChoose(type);
            }}
            data-testid={`${testId}-${type}`}
            sx={{ maxWidth: 380, whiteSpace: 'normal', py: 1.5 }}
          >
            <ListItemIcon sx={{ marginInlineEnd: 1.5 }}>{avatar(type)}</ListItemIcon>
            <ListItemText primary={nameOf(type)} secondary={descriptionOf(type)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** A row's first cell: the integration's mark, its name and, below, what kind it is. */
export const IntegrationNameCell = ({
  avatar,
  name,
  caption,
  testId,
}: {
  avatar: ReactNode;
  name: string;
  caption: string;
  /** Prefix of the name's and the caption's test ids, when a test reads them. */
  testId?: string;
}) => (
  <TableCell>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 180 }}>
      {avatar}
      <Box sx={{ display: 'grid' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={testId && `${testId}-name`}>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid={testId && `${testId}-type`}>
          {caption}
        </Typography>
      </Box>
    </Box>
  </TableCell>
);
