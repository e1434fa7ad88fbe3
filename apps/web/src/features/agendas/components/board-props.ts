import type { Appointment } from '@conversa/domain';
import type { AgendaFormat } from '../agenda-format';

/** What the day, week, month and list views share: the days shown, their appointments and what a click does. */
export type BoardProps = {
  days: readonly string[];
  appointments: readonly Appointment[];
  timeZone: string;
  today: string;
  format: AgendaFormat;
  /** The grid's step in minutes (the Standard agenda's slot, on a step that divides the hour). */
  cellMinutes: number;
  canMove: (appointment: Appointment) => boolean;
  onOpen: (appointment: Appointment) => void;
  /** A drop on a day (and a time; null keeps the appointment's own time). */
  onMove: (id: string, day: string, minutes: number | null) => void;
  /** A click on an empty slot; absent when no new appointment can be made here. */
  onCreateAt?: (day: string, minutes: number) => void;
  onOpenDay: (day: string) => void;
};
