import { describe, expect, it } from 'vitest';
import { photoDownload, type PhotoDownloadGallery } from './photo-download';

const urls = { original: '/media/photos/p/h/original', webDownload: '/media/photos/p/h/2048.jpg?download=1' };
const visitor = { accessCodeAuthorized: true, needEmail: false, isClient: false, isPhotographer: false, readOnly: false };

function gallery(info: Partial<PhotoDownloadGallery['downloadInformation']>, auth: Partial<PhotoDownloadGallery['auth']> = {}): PhotoDownloadGallery {
  return { downloadInformation: { freeDownload: true, clientsOnly: false, qualities: ['web', 'hd'], ...info }, auth: { ...visitor, ...auth } };
}

describe('photoDownload: the viewer’s one-tap download', () => {
  it('gives the HD original where the gallery gives HD files', () => {
    expect(photoDownload(gallery({}), urls)).toEqual({ url: urls.original, quality: 'hd' });
  });
  it('gives the web file where only web files are free', () => {
    expect(photoDownload(gallery({ qualities: ['web'] }), urls)).toEqual({ url: urls.webDownload, quality: 'web' });
  });
  it('gives nothing where downloads are not free', () => {
    expect(photoDownload(gallery({ freeDownload: false }), urls)).toBeUndefined();
    expect(photoDownload(gallery({ qualities: [] }), urls)).toBeUndefined();
  });
  it('gives to clients only when the gallery says so', () => {
    expect(photoDownload(gallery({ clientsOnly: true }), urls)).toBeUndefined();
    expect(photoDownload(gallery({ clientsOnly: true }, { isClient: true }), urls)?.quality).toBe('hd');
  });
  it('always gives the photographer the original', () => {
    expect(photoDownload(gallery({ freeDownload: false }, { isPhotographer: true }), urls)).toEqual({ url: urls.original, quality: 'hd' });
  });
  it('gives nothing before the gallery is open, nor through a read-only preview', () => {
    expect(photoDownload(gallery({}, { accessCodeAuthorized: false }), urls)).toBeUndefined();
    expect(photoDownload(gallery({}, { needEmail: true }), urls)).toBeUndefined();
    expect(photoDownload(gallery({}, { readOnly: true }), urls)).toBeUndefined();
    expect(photoDownload(undefined, urls)).toBeUndefined();
  });
});
