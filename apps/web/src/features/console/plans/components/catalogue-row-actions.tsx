import { IconButton, TableCell, Tooltip } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import DeleteOutline from '../../../../shared/icons/DeleteOutline';
import EditOutlined from '../../../../shared/icons/EditOutlined';
import { notify } from '../../../../shared/notify';
import { ConfirmPopover } from '../../../../shared/records/components/confirm-popover';

type Texts = { edit: string; delete: string; question: string; deleted: string };

/** A catalogue row's edit and delete buttons; the delete asks first and says when it is done. */
export const CatalogueRowActions = ({
  id,
  texts,
  testId,
  remove,
  onEdit,
}: {
  id: string;
  texts: Texts;
  /** `{testId}-edit`, `{testId}-delete`. */
  testId: string;
  remove: UseMutationResult<unknown, Error, string>;
  onEdit: () => void;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={texts.edit}>
        <IconButton aria-label={texts.edit} onClick={onEdit} data-testid={`${testId}-edit`}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title={texts.delete}>
        <IconButton
          aria-label={texts.delete}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={`${testId}-delete`}
        >
          <DeleteOutline />
        </IconButton>
      </Tooltip>
      <ConfirmPopover
        anchor={anchor}
        question={texts.question}
        isPending={remove.isPending}
        onCancel={() => setAnchor(null)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              setAnchor(null);
              notify(texts.deleted, 'success');
            },
            onError: () => setAnchor(null),
          })
        }
      />
    </TableCell>
  );
};
