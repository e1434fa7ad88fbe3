import type {
  AppointmentStatus,
  CalendlyConfig,
  ConfirmationAnswer,
  DentalinkConfig,
  DentalsoftConfig,
  MedilinkConfig,
  SchedulingCatalog,
  SchedulingIntegrationType,
  StandardConfig,
} from '@conversa/domain';

/**
 * A call to a clinic's scheduling system that did not work. Retryable ones (429, 5xx, no answer in 10 s,
 * an answer that is not the documented JSON) may work a moment later; the others (401, 403,
 * `invalid_client`, a refused request) will not. `field` names the config key at fault (a state id that
 * is not the account's: 400 naming it).
 */
export class SchedulingCallError extends Error {
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly field: string | undefined;
  constructor(
    message: string,
    isRetryable: boolean,
    options: { retryAfterMs?: number; field?: string } = {},
  ) {
    super(message);
    this.name = 'SchedulingCallError';
    this.isRetryable = isRetryable;
    this.retryAfterMs = options.retryAfterMs;
    this.field = options.field;
  }
}

/**
 * One appointment as read from the provider (API.md part 3 §1.2, §2.1), before it is linked to a contact.
 * Ids are the provider's, as strings; `meetDate` is the instant (the clinic's local date and time read in
 * the company's time zone).
 */
export type PulledAppointment = {
  externalId: string;
  agendaId: string;
  accountId: string;
  treatmentId: string;
  patientName: string;
  /** '' when the provider has none for the patient. */
  phone: string;
  meetDate: Date;
  duration: number;
  specialist: string;
  specialistName: string;
  branch: string;
  branchName: string;
  specialty: string;
  status: AppointmentStatus;
};

/** What a call needs besides the settings: the company's time zone, and the integration for callbacks. */
export type SchedulingContext = { integrationId: string; timeZone: string };

/** The appointment an answer is written back to: its ids at the provider. */
export type WriteBackTarget = { externalId: string; agendaId: string };

/**
 * One scheduling system behind the shape every one shares; adding one is adding a folder under
 * integrations/ and an entry in the registry. Every method throws SchedulingCallError when the provider
 * refused or failed.
 */
export type SchedulingAdapter<C> = {
  /**
   * Checks the credentials (one attempt, no retries) and answers the config to store: Calendly adds the
   * webhook subscription's `signing_key`; Dentalink and Medilink check the state ids against the account
   * (a SchedulingCallError with `field` when one is not the account's).
   */
  check: (config: C, context: SchedulingContext) => Promise<C>;
  /** The provider's states, professionals and branches, read now. */
  catalog: (config: C) => Promise<SchedulingCatalog>;
  /** The appointments that start within the days `from`..`to` (YYYY-MM-DD, the company's time zone). */
  pull: (
    config: C,
    range: { from: string; to: string },
    context: SchedulingContext,
  ) => Promise<PulledAppointment[]>;
  /**
   * Writes a patient's answer back (Dentalink/Medilink: the configured state; Dentalsoft: confirmar or
   * cancelar; Calendly: a cancellation only). Answers false when the system takes nothing for this answer
   * (a Calendly confirmation), so the row's write-back is `none`.
   */
  writeBack: (config: C, target: WriteBackTarget, answer: ConfirmationAnswer) => Promise<boolean>;
};

/** The settings each scheduling type receives, secrets already decrypted. */
export type SchedulingConfigs = {
  dentalink: DentalinkConfig;
  medilink: MedilinkConfig;
  dentalsoft: DentalsoftConfig;
  calendly: CalendlyConfig;
  standard: StandardConfig;
};

export type SchedulingRegistry = {
  [K in Exclude<SchedulingIntegrationType, 'standard'>]: SchedulingAdapter<SchedulingConfigs[K]>;
};

/** What the adapters need from the configuration: the providers' base URLs, the callback origin, the timeout. */
export type SchedulingOptions = {
  dentalinkApiUrl: string;
  medilinkApiUrl: string;
  medilinkV5ApiUrl: string;
  dentalsoftApiUrl: string;
  calendlyApiUrl: string;
  /** Calendly calls `${publicUrl}/webhooks/integrations/calendly/{integrationId}`. */
  publicUrl: string;
  /** 10 s (API.md part 3 §1.1). */
  timeoutMs: number;
  now?: () => number;
};
