import { describe, expect, it } from 'vitest';
import { attachmentFitsType, messageCreateSchema } from './message-send';

describe('attachments', () => {
  it('an image message needs an image, a video a video, an audio an audio', () => {
    expect(attachmentFitsType('image', 'image/png')).toBe(true);
    expect(attachmentFitsType('image', 'application/pdf')).toBe(false);
    expect(attachmentFitsType('image', undefined)).toBe(false);
    expect(attachmentFitsType('video', 'video/mp4')).toBe(true);
    expect(attachmentFitsType('audio', 'audio/mpeg')).toBe(true);
    expect(attachmentFitsType('audio', 'image/png')).toBe(false);
  });

  it('a document may be any file; text and location carry none', () => {
    expect(attachmentFitsType('document', undefined)).toBe(true);
    expect(attachmentFitsType('chat', 'image/png')).toBe(false);
    expect(attachmentFitsType('location', undefined)).toBe(false);
  });
});

describe('sending a message', () => {
  const base = { device_id: 'd', contact_id: 'c' };

  it('a text needs a non-blank body', () => {
    expect(messageCreateSchema.safeParse({ ...base, body: '  ' }).success).toBe(false);
    expect(messageCreateSchema.safeParse({ ...base, body: 'hola' }).success).toBe(true);
  });

  it('a location needs lat and lng, given as numbers or text', () => {
    expect(messageCreateSchema.safeParse({ ...base, type: 'location' }).success).toBe(false);
    expect(
      messageCreateSchema.parse({ ...base, type: 'location', lat: '-33.4', lng: '-70.6' }),
    ).toMatchObject({
      lat: -33.4,
      lng: -70.6,
    });
  });

  it('temp_id is a UUID without hyphens', () => {
    expect(messageCreateSchema.safeParse({ ...base, body: 'x', temp_id: 'f'.repeat(32) }).success).toBe(true);
    expect(messageCreateSchema.safeParse({ ...base, body: 'x', temp_id: 'nope' }).success).toBe(false);
  });
});
