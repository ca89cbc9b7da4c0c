import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { GalleryHomeQuery } from './gallery-home-page';
import { homeSections, type HomeSections } from './home-sections';

/**
 * useHomeSections tells the navigation (header, bottom bar) which sections
 * of the gallery home have something in them, from the home's answer when
 * the cache holds it (it never asks: opened on another page than the home,
 * every entry shows until the home is loaded).
 */
export function useHomeSections(galleryUrl: string): HomeSections | undefined {
  const previewHash = usePreviewHash(galleryUrl);
  const { data } = useQuery(GalleryHomeQuery, { variables: galleryVariables(galleryUrl, previewHash), fetchPolicy: 'cache-only' });
  const gallery = data?.gallery;
  return useMemo(() => (gallery ? homeSections(gallery) : undefined), [gallery]);
}
