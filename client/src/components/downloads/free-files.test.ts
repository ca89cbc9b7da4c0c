import { describe, expect, it } from 'vitest';
import { isFreeOnlyPack, isGivenAway } from './free-files';

describe('isGivenAway', () => {
  const web = { kind: 'digital', digitalQuality: 'web' as const };
  const hd = { kind: 'digital', digitalQuality: 'hd' as const };
  const print = { kind: 'print', digitalQuality: null };

  it('sells everything when the gallery gives nothing away', () => {
    expect(isGivenAway(undefined, hd)).toBe(false);
    expect(isGivenAway(undefined, web)).toBe(false);
  });

  it('does not sell the qualities given away', () => {
    expect(isGivenAway({ qualities: ['web'] }, web)).toBe(true);
    expect(isGivenAway({ qualities: ['web'] }, hd)).toBe(false);
  });

  it('sells no web file when the HD one is free', () => {
    expect(isGivenAway({ qualities: ['hd'] }, web)).toBe(true);
    expect(isGivenAway({ qualities: ['hd'] }, hd)).toBe(true);
  });

  it('never concerns prints', () => {
    expect(isGivenAway({ qualities: ['web', 'hd'] }, print)).toBe(false);
  });
});

describe('isFreeOnlyPack', () => {
  const hdFiles = { format: { kind: 'digital', digitalQuality: 'hd' as const } };
  const webFiles = { format: { kind: 'digital', digitalQuality: 'web' as const } };
  const prints = { format: { kind: 'print' } };

  it('offers every pack when the gallery gives nothing away', () => {
    expect(isFreeOnlyPack(undefined, { formats: [], digitalFiles: [hdFiles] })).toBe(false);
  });

  it('does not offer a pack of files the gallery gives away', () => {
    expect(isFreeOnlyPack({ qualities: ['hd'] }, { formats: [], digitalFiles: [hdFiles, webFiles] })).toBe(true);
    expect(isFreeOnlyPack({ qualities: ['web'] }, { formats: [], digitalFiles: [webFiles] })).toBe(true);
  });

  it('offers a pack with a file still for sale', () => {
    expect(isFreeOnlyPack({ qualities: ['web'] }, { formats: [], digitalFiles: [hdFiles, webFiles] })).toBe(false);
  });

  it('offers a pack with prints, its free files included', () => {
    expect(isFreeOnlyPack({ qualities: ['web', 'hd'] }, { formats: [prints], digitalFiles: [hdFiles] })).toBe(false);
  });

  it('offers an empty pack definition as it is', () => {
    expect(isFreeOnlyPack({ qualities: ['hd'] }, { formats: [], digitalFiles: [] })).toBe(false);
  });
});
