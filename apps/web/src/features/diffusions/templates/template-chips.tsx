import { Chip, type ChipProps, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Colour = ChipProps['color'];

/** Approved can be sent; in review waits; rejected, paused and disabled cannot be sent. */
const STATUS_COLOURS: Record<string, Colour> = {
  APPROVED: 'success',
  PENDING: 'warning',
  REJECTED: 'error',
  PAUSED: 'warning',
  DISABLED: 'default',
};

/** WhatsApp's quality rating: green high, yellow medium, red low (a diffusion pauses on red). */
const QUALITY_COLOURS: Record<string, Colour> = {
  GREEN: 'success',
  YELLOW: 'warning',
  RED: 'error',
  UNKNOWN: 'default',
};

/** A template's review status; the provider's reason, when it gave one, on hover. */
export const TemplateStatusChip = ({ status, reason }: { status: string; reason: string }) => {
  const { t } = useTranslation();
  const chip = (
    <Chip
      size="small"
      color={STATUS_COLOURS[status] ?? 'default'}
      label={t(`templates.status.${status}`, { defaultValue: status })}
      data-testid="template-status"
      data-status={status}
    />
  );
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
};

export const TemplateQualityChip = ({ quality }: { quality: string }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={QUALITY_COLOURS[quality] ?? 'default'}
      label={t(`templates.quality.${quality}`, { defaultValue: quality })}
      data-testid="template-quality"
      data-quality={quality}
    />
  );
};
