import { describe, expect, it } from 'vitest';
import { commaList, csvTable, exportFileName, fileStem, lightroomSearch, textLines } from './export';

describe('file-name exports', () => {
  it('takes the extension off, and only the last one', () => {
    expect(fileStem('IMG_0001.CR3')).toBe('IMG_0001');
    expect(fileStem('mariage.final.jpg')).toBe('mariage.final');
    expect(fileStem('sans-extension')).toBe('sans-extension');
    expect(fileStem('.cache')).toBe('.cache');
  });

  it('makes the Lightroom filter string: names without extension, comma and space, each once', () => {
    expect(lightroomSearch(['DSC_0012.jpg', 'DSC_0040.JPG', 'IMG 7.jpeg', 'DSC_0012.jpg'])).toBe('DSC_0012, DSC_0040, IMG 7');
    expect(lightroomSearch(['a,b.jpg', ' c.png '])).toBe('a b, c');
    expect(lightroomSearch([])).toBe('');
  });

  it('lists the names as they are, separated by commas', () => {
    expect(commaList(['DSC_0012.jpg', 'DSC_0040.JPG', 'DSC_0012.jpg'])).toBe('DSC_0012.jpg, DSC_0040.JPG');
  });

  it('writes one name a line for the .txt, nothing when empty', () => {
    expect(textLines(['a.jpg', 'b.jpg'])).toBe('a.jpg\r\nb.jpg\r\n');
    expect(textLines([])).toBe('');
  });

  it('quotes CSV fields that need it', () => {
    expect(csvTable(['fichier', 'favoris'], [['a.jpg', 2], ['b, "c".jpg', 0]])).toBe('fichier,favoris\r\na.jpg,2\r\n"b, ""c"".jpg",0\r\n');
  });

  it('names the download after the gallery', () => {
    expect(exportFileName('julie-et-thomas', 'album', 'csv')).toBe('julie-et-thomas-album.csv');
    expect(exportFileName('', 'album', 'txt')).toBe('galerie-album.txt');
  });
});
