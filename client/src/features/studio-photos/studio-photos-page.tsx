import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMessage } from '../../components/ui/page-message';
import { Spinner } from '../../components/ui/spinner';
import { ALL, CollectionsPanel } from './collections-panel';
import { PhotoGrid } from './photo-grid';
import { PhotoToolbar } from './photo-toolbar';
import { clickPhoto, EMPTY_SELECTION, keepExisting, reorderWithin, selectAll, type Selection } from './selection';
import { UploadPanel } from './upload-panel';
import { useCollections } from './use-collections';
import { usePhotoActions } from './use-photo-actions';
import { useStudioPhotos, type StudioPhotosState } from './use-studio-photos';
import { useUploads } from './use-uploads';
import styles from './studio-photos.module.css';

/** StudioPhotosPage is the studio's photo screen of a gallery: uploads, collections, and the grid. */
export function StudioPhotosPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const state = useStudioPhotos(id);
  if (state.loading && !state.gallery) {
    return (
      <main id="main" className={styles.page}>
        <Spinner label={t('common.loading')} block />
      </main>
    );
  }
  if (!state.gallery) {
    const key = state.error === 'unauthorized' ? 'unauthorized' : state.error === 'not_found' ? 'notFound' : 'failed';
    return (
      <main id="main" className={styles.page}>
        <PageMessage
          title={t(`studioPhotosErrors.${key}Title`)}
          tone="error"
          actions={
            state.error === 'unauthorized' ? (
              <a className={styles.button} href="/studio/connexion">
                {t('studioPhotosErrors.signIn')}
              </a>
            ) : (
              <button type="button" className={styles.button} onClick={() => void state.reload()}>
                {t('common.retry')}
              </button>
            )
          }
        >
          {t(`studioPhotosErrors.${key}`)}
        </PageMessage>
      </main>
    );
  }
  return <StudioPhotosScreen galleryId={id} state={state} />;
}

function StudioPhotosScreen({ galleryId, state }: { galleryId: string; state: StudioPhotosState }) {
  const { t } = useTranslation();
  const gallery = state.gallery!;
  const [collection, setCollection] = useState<string | null>(ALL);
  const [search, setSearch] = useState('');
  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
  const uploads = useUploads(galleryId, state.reloadSoon);
  const actions = usePhotoActions(galleryId, state);
  const collectionActions = useCollections(galleryId, gallery.collectionNames, state.reloadSoon);
  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    return state.photos.filter((p) => (collection === ALL || p.collection === collection) && (!q || p.filename.toLocaleLowerCase().includes(q)));
  }, [state.photos, collection, search]);
  const shownIds = shown.map((p) => p.id);
  const selection = keepExisting(sel, shownIds);
  const selected = shown.filter((p) => selection.ids.has(p.id));
  const reorder = (after: string[]) => {
    const order = reorderWithin(
      state.photos.map((p) => p.id),
      shownIds,
      after,
    );
    const byId = new Map(state.photos.map((p) => [p.id, p]));
    state.setPhotos(order.map((pid) => byId.get(pid)!));
    void actions.reorder(order);
  };
  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <p className={styles.kicker}>{t('studioPhotos.kicker')}</p>
        <h1 className={styles.title}>{t('studioPhotos.title', { name: gallery.eventName })}</h1>
        <p className={styles.hint}>{t('studioPhotos.hint')}</p>
      </header>
      <div className={styles.layout}>
        <CollectionsPanel
          collections={gallery.collections}
          total={state.photos.length}
          current={collection}
          onPick={(c) => {
            setCollection(c);
            setSel(EMPTY_SELECTION);
          }}
          actions={collectionActions}
        />
        <div className={styles.main}>
          <UploadPanel uploads={uploads} collection={collection ?? ''} />
          <PhotoToolbar
            search={search}
            onSearch={setSearch}
            shownCount={shown.length}
            selected={selected}
            collections={gallery.collectionNames}
            actions={actions}
            onSelectAll={() => setSel(selectAll(selection, shownIds))}
            onDone={() => setSel(EMPTY_SELECTION)}
          />
          <PhotoGrid
            photos={shown}
            selected={selection.ids}
            coverId={gallery.coverPhoto?.id}
            onClick={(pid, shift) => setSel(clickPhoto(selection, shownIds, pid, shift))}
            onReorder={reorder}
          />
        </div>
      </div>
    </main>
  );
}
