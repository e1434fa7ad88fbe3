import { z } from 'zod';

const fileSchema = z.looseObject({
  file_id: z.string(),
  mime_type: z.string().default(''),
  file_name: z.string().default(''),
});

const chatSchema = z.looseObject({ id: z.number(), type: z.string() });
const senderSchema = z.looseObject({
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  username: z.string().default(''),
});

/** A Telegram update as the Bot API documents it: what the adapter and its buttons read. */
export const updateSchema = z.looseObject({
  update_id: z.number(),
  message: z
    .looseObject({
      message_id: z.number(),
      date: z.number(),
      chat: chatSchema,
      from: senderSchema.optional(),
      text: z.string().optional(),
      caption: z.string().default(''),
      photo: z
        .array(z.looseObject({ file_id: z.string(), width: z.number(), height: z.number() }))
        .optional(),
      document: fileSchema.optional(),
      audio: fileSchema.optional(),
      voice: fileSchema.optional(),
      video: fileSchema.optional(),
      // A GIF is sent as an MP4 'animation'; a round video note is a video too.
      animation: fileSchema.optional(),
      video_note: fileSchema.optional(),
      location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
      // A shared contact: Telegram gives one person, their phone as the customer's app wrote it.
      contact: z
        .looseObject({
          phone_number: z.string(),
          first_name: z.string().default(''),
          last_name: z.string().default(''),
        })
        .optional(),
      // Animated (TGS) and video (WEBM) stickers are shown by their still thumbnail.
      sticker: z
        .looseObject({
          file_id: z.string(),
          emoji: z.string().default(''),
          is_animated: z.boolean().default(false),
          is_video: z.boolean().default(false),
          thumbnail: z.looseObject({ file_id: z.string() }).optional(),
        })
        .optional(),
      // The message this one answers, in the same chat.
      reply_to_message: z.looseObject({ message_id: z.number() }).optional(),
    })
    .optional(),
  // A press of an inline keyboard button under one of our messages.
  callback_query: z
    .looseObject({
      id: z.string(),
      from: senderSchema,
      data: z.string().optional(),
      message: z
        .looseObject({
          chat: chatSchema,
          reply_markup: z
            .looseObject({
              inline_keyboard: z.array(
                z.array(z.looseObject({ text: z.string(), callback_data: z.string().optional() })),
              ),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

export type TelegramFile = z.infer<typeof fileSchema>;
export type TelegramUpdate = z.infer<typeof updateSchema>;

export const nameOf = (from: z.infer<typeof senderSchema> | undefined) =>
  [from?.first_name, from?.last_name].filter(Boolean).join(' ') || from?.username || '';
