import { describe, expect, it } from 'vitest';
import { isImageFile, serverError, shouldRetry } from './upload-errors';

describe('upload errors', () => {
  it('reads the REST error body', () => {
    expect(serverError('{"code":"duplicate_photo","message":"déjà là"}')).toEqual({ code: 'duplicate_photo', message: 'déjà là' });
    expect(serverError('ERR_UPLOAD_NOT_FOUND: upload not found')).toBeUndefined();
    expect(serverError('')).toBeUndefined();
  });

  it('retries the network and busy answers, never an explained refusal', () => {
    expect(shouldRetry(0, undefined)).toBe(true);
    expect(shouldRetry(502, '')).toBe(true);
    expect(shouldRetry(409, 'ERR_MISMATCHED_OFFSET: mismatched offset')).toBe(true);
    expect(shouldRetry(423, '')).toBe(true);
    expect(shouldRetry(409, '{"code":"duplicate_photo","message":"x"}')).toBe(false);
    expect(shouldRetry(415, '{"code":"not_an_image","message":"x"}')).toBe(false);
    expect(shouldRetry(401, '{"code":"unauthorized","message":"x"}')).toBe(false);
    expect(shouldRetry(500, '{"code":"upload_failed","message":"x"}')).toBe(false);
    expect(shouldRetry(503, '{"code":"database_unavailable","message":"x"}')).toBe(true);
    expect(shouldRetry(404, '')).toBe(false);
  });

  it('keeps JPEG and PNG files', () => {
    expect(isImageFile({ name: 'IMG_1.JPG', type: '' })).toBe(true);
    expect(isImageFile({ name: 'scan', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(isImageFile({ name: '.DS_Store', type: '' })).toBe(false);
    expect(isImageFile({ name: 'IMG_1.CR3', type: '' })).toBe(false);
  });
});
