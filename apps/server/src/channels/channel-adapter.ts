import type {
  ChannelType,
  DeviceConfig,
  DeviceMode,
  DeviceSession,
  DeviceStatus,
  MessageButton,
  MessageStatus,
  MessageTemplate,
  MessageType,
  ProviderTemplateComponent,
  SharedContact,
} from '@conversa/domain';

/** A device as an adapter sees it: provider config with secrets already decrypted. */
export type ChannelDevice = {
  id: string;
  clientId: string;
  type: ChannelType;
  mode: DeviceMode;
  config: DeviceConfig;
  /** An unofficial gateway's last known link to the phone (maytapi): a banned number sends nothing. */
  session?: DeviceSession;
};

/** What a webhook call brings; rawBody is the exact text, for providers that sign it (Meta). */
export type WebhookRequest = {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  rawBody: string | undefined;
  /** What followed `?` in the URL as it arrived, for providers that sign the URL they called (Twilio). */
  rawQuery?: string;
};

export type WebhookVerdict = { ok: true } | { ok: false; status: 401 };

/** A file the provider holds for an inbound message, fetched later by a job (downloadMedia). */
export type InboundMedia = {
  /** The provider's handle: WhatsApp media id, Telegram file_id, or a Meta CDN URL. */
  ref: string;
  mimetype: string;
  filename: string;
};

export type InboundMessageEvent = {
  kind: 'message';
  providerMessageId: string;
  /**
   * `phone` is the key the contact is found by: a phone number for WhatsApp and the sandbox; for providers
   * that never reveal one it is their stable user id (Telegram chat id, Messenger PSID, Instagram IGSID).
   */
  from: { phone: string; name: string };
  type: MessageType;
  body: string;
  timestamp: Date;
  media?: InboundMedia;
  /** A press of one of our reply buttons: the button's id (its title is the body). */
  buttonReply?: string;
  /**
   * The provider's id of the message this one answers (a quoted reply) or reacts to (type 'reaction'), as
   * that message is stored: WhatsApp and 360dialog `context.id` or `reaction.message_id`, Telegram
   * `<chat id>:<reply_to_message.message_id>`, Messenger and Instagram `reply_to.mid`, Twilio
   * `OriginalRepliedMessageSid`. Answered as `quoted`, resolved on read among the same device's messages.
   * A reaction (body its emoji) replaces the customer's earlier reaction to the same message; taking a
   * reaction back is an InboundReactionRemovedEvent.
   */
  quotedProviderId?: string;
  /** A shared contact card's people (type 'contact'), phones as digits only. */
  contacts?: SharedContact[];
};

/**
 * The customer took back their reaction to a message (a WhatsApp reaction without emoji): nothing is
 * stored, and their earlier reaction to `quotedProviderId` on this device is deleted.
 */
export type InboundReactionRemovedEvent = {
  kind: 'reaction_removed';
  providerMessageId: string;
  from: { phone: string; name: string };
  quotedProviderId: string;
};

/**
 * A read receipt by time (Messenger's `read.watermark`): every outbound message of this device to `from`
 * sent at or before `watermark`, and still `sent` or `recive`, was read. The receipt names no message:
 * `providerMessageId` is made of the reader and the watermark.
 */
export type InboundReadWatermarkEvent = {
  kind: 'read_watermark';
  providerMessageId: string;
  from: { phone: string };
  watermark: Date;
};

/** A provider receipt for one of our outbound messages; reason explains an 'error'. */
export type InboundStatusEvent = {
  kind: 'status';
  providerMessageId: string;
  status: MessageStatus;
  reason?: string;
};

/**
 * A provider's word on one of the account's message templates (WhatsApp's message_template_status_update
 * and message_template_quality_update): a new review status with its reason, or a new quality rating.
 */
export type InboundTemplateEvent = {
  kind: 'template';
  providerTemplateId: string;
  name: string;
  language: string;
  status?: string;
  reason?: string;
  quality?: string;
};

/**
 * An unofficial gateway says its link to the phone changed (maytapi's `status` event): `session` is what the
 * event names. The devices module reads the gateway again at once (readSession: the session, and the new QR
 * while it waits for a scan), and keeps the event's word only when the gateway cannot be read.
 */
export type InboundSessionEvent = { kind: 'session'; session: DeviceSession };

export type InboundEvent =
  | InboundMessageEvent
  | InboundStatusEvent
  | InboundTemplateEvent
  | InboundSessionEvent
  | InboundReactionRemovedEvent
  | InboundReadWatermarkEvent;

export type OutboundMessage = {
  messageId: string;
  to: string;
  type: MessageType;
  body: string;
  attachmentUrl: string | undefined;
  filename: string;
  mimetype: string;
  template: MessageTemplate | null;
  /**
   * Reply buttons offered under a text; a provider that cannot show them sends the body alone (the
   * customer can still answer in words).
   */
  buttons: MessageButton[];
  /** 1 for the first try; adapters may use it for provider-side idempotency. */
  attempt: number;
};

export type SendFailure = {
  ok: false;
  /**
   * Retryable failures are ones the provider certainly did not take (429 and throttling codes, 5xx,
   * connection refused): tried again after retryAfterMs or the backoff. Permanent ones mark 'error'.
   */
  retryable: boolean;
  reason: string;
  retryAfterMs?: number;
  /**
   * The request may have reached the provider and been accepted (a timeout, a connection cut after the
   * request was written). Never retried: sending again could deliver it twice. The message shows 'error'.
   */
  isDeliveryUnknown?: boolean;
  /** The provider's error code (WhatsApp's 131050, 130429…), for callers with rules of their own (diffusions). */
  code?: number;
};

export type SendResult = { ok: true; providerMessageId: string } | SendFailure;

/** A downloaded file; its type is decided from the bytes when stored, never from the provider's word. */
export type DownloadedMedia = { content: Buffer; filename: string };

/** An unofficial gateway's session as just read: `qr` a `data:image/png;base64,` URL while `session` is qr, else ''. */
export type GatewaySession = { session: DeviceSession; qr: string };

/** What connecting a device found: its status, its config (with generated secrets), a gateway's session. */
export type DeviceConnection = { status: DeviceStatus; config: DeviceConfig; gateway?: GatewaySession };

/** A template as the provider lists it. */
export type ProviderTemplate = {
  providerId: string;
  name: string;
  language: string;
  status: string;
  category: string;
  /** GREEN, YELLOW, RED or UNKNOWN. */
  quality?: string;
  components: ProviderTemplateComponent[];
};

/** A template to submit for review, in the provider's components. */
export type NewProviderTemplate = Pick<ProviderTemplate, 'name' | 'language' | 'category' | 'components'>;

/** The provider's answer to a template call; `status` is its HTTP status, kept to tell refusals (4xx) from failures. */
export type TemplateCallResult =
  | { ok: true; providerId: string; status: string }
  | { ok: false; status: number; reason: string };

/**
 * The provider's published send limits, enforced across every server process (channels/send-rate):
 * per device (one number, bot or page) and, where the provider has one, per conversation.
 */
export type SendPacing = { perSecond: number; perChatPerSecond?: number };

/** A provider's own answer to its delivery (a Bot API method call for Telegram). */
export type WebhookReplyBody = Record<string, unknown>;

/** One provider behind the shape every provider shares; adding a provider is adding a folder. */
export type ChannelAdapter = {
  type: ChannelType;
  pacing?: SendPacing;
  verifyWebhook: (request: WebhookRequest, device: ChannelDevice) => WebhookVerdict;
  /** Normalises the provider's payload; throws a 400 AppError when it is not one. */
  parseWebhook: (body: unknown, device: ChannelDevice) => InboundEvent[];
  send: (device: ChannelDevice, message: OutboundMessage) => Promise<SendResult>;
  /**
   * What the answer to a stored delivery carries back to the provider instead of our envelope, when the
   * provider reads it (Telegram runs a Bot API method given there), from the events parseWebhook read;
   * undefined for the envelope.
   */
  webhookReply?: (events: InboundEvent[]) => WebhookReplyBody | undefined;
  /** Subscription handshakes answered on GET (Meta's hub.challenge); undefined when not one. */
  handshake?: (
    request: WebhookRequest,
    device: ChannelDevice,
  ) => { status: number; body: string } | undefined;
  /** Runs when a device is created or reconfigured: registers webhooks, generates secrets. */
  connect?: (device: ChannelDevice) => Promise<DeviceConnection> | DeviceConnection;
  disconnect?: (device: ChannelDevice) => Promise<void>;
  /** An unofficial gateway's session, asked now (maytapi's /status, and /qrCode while it waits for a scan). */
  readSession?: (device: ChannelDevice) => Promise<GatewaySession>;
  /** Fetches an inbound message's file from the provider (run by the media job, never in the webhook). */
  downloadMedia?: (device: ChannelDevice, media: InboundMedia) => Promise<DownloadedMedia>;
  /** The provider's message templates (WhatsApp Business). */
  listTemplates?: (device: ChannelDevice) => Promise<ProviderTemplate[]>;
  /** Submits a template for the provider's review. */
  createTemplate?: (device: ChannelDevice, template: NewProviderTemplate) => Promise<TemplateCallResult>;
  /** Replaces a template's content (and category, when given); the provider reviews it again. */
  editTemplate?: (
    device: ChannelDevice,
    template: Pick<ProviderTemplate, 'providerId' | 'components'> & { category?: string },
  ) => Promise<TemplateCallResult>;
  /** Deletes a template by name; with its provider id only that language, else every language of the name. */
  deleteTemplate?: (
    device: ChannelDevice,
    template: { name: string; providerId: string },
  ) => Promise<TemplateCallResult>;
};

/** What the provider adapters need from the configuration. */
export type ChannelOptions = {
  graphApiUrl: string;
  telegramApiUrl: string;
  d360ApiUrl: string;
  twilioApiUrl: string;
  maytapiApiUrl: string;
  /** Absolute base of our own URLs (webhooks given to Telegram). */
  publicUrl: string;
  providerTimeoutMs: number;
  /** Hosts whose files may be fetched although they are not public (tests' fakes on loopback). */
  outboundAllowHosts: readonly string[];
};
