import { Chip, type ChipProps } from '@mui/material';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export const textColorOn = (hex: string): string => {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return 'inherit';
  const channel = (offset: number) => {
    const value = Number.parseInt(match[1]?.slice(offset, offset + 2) ?? '0', 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.179 ? '#000000de' : '#ffffff';
};

/** A tag or status in its list colour; an id no list has any more shows plainly. */
export const ListChip = ({
  label,
  color,
  ...props
}: { label: string; color?: string } & Omit<ChipProps, 'color'>) => (
  <Chip
    size="small"
    label={label}
    variant={color ? 'filled' : 'outlined'}
    sx={color ? { bgcolor: color, color: textColorOn(color), maxWidth: 160 } : { maxWidth: 160 }}
    {...props}
  />
);
