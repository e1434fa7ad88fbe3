import type { SchedulingIntegrationType } from '@conversa/domain';
import { Avatar, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import CalendarMonthOutlined from '../../../../shared/icons/CalendarMonthOutlined';
import EditCalendarOutlined from '../../../../shared/icons/EditCalendarOutlined';
import LocalHospitalOutlined from '../../../../shared/icons/LocalHospitalOutlined';
import MedicalServicesOutlined from '../../../../shared/icons/MedicalServicesOutlined';
import MoodOutlined from '../../../../shared/icons/MoodOutlined';

/** Each scheduling system's mark on its own colour, recognised at a glance in the list and the dialog. */
const BRANDS: Record<SchedulingIntegrationType, { icon: ComponentType<SvgIconProps>; color: string }> = {
  dentalink: { icon: MoodOutlined, color: '#00a7b5' },
  medilink: { icon: LocalHospitalOutlined, color: '#1e88e5' },
  dentalsoft: { icon: MedicalServicesOutlined, color: '#43a047' },
  calendly: { icon: CalendarMonthOutlined, color: '#006bff' },
  standard: { icon: EditCalendarOutlined, color: '#6d4c41' },
};

/** The system's mark; `size` in pixels. Decorative: its name is always written beside it. */
export const SchedulingAvatar = ({ type, size = 36 }: { type: SchedulingIntegrationType; size?: number }) => {
  const { icon: Icon, color } = BRANDS[type];
  return (
    <Avatar
      sx={{ bgcolor: color, color: '#fff', width: size, height: size }}
      aria-hidden="true"
      data-testid={`integration-logo-${type}`}
    >
      <Icon sx={{ fontSize: size * 0.55 }} />
    </Avatar>
  );
};
