import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ff from '../../components/ui/form-field.module.css';
import { CatalogueSourcesQuery, CopyCatalogueMutation } from './catalogue-documents';
import { Feedback, useSave } from './catalogue-shared';
import cs from './catalogue.module.css';
import styles from './studio.module.css';

/** CatalogueSource is a gallery whose shop catalogue can be copied. */
export interface CatalogueSource {
  id: string;
  eventName: string;
}

interface SourceRow {
  id: string;
  eventName: string;
  stats: { formatCount: number };
}

/**
 * catalogueSources keeps the galleries whose shop has formats, most recently
 * created first (the order studioGalleries answers), without the gallery
 * that would receive the copy.
 */
export function catalogueSources(rows: ReadonlyArray<SourceRow>, except = ''): CatalogueSource[] {
  return rows.filter((g) => g.id !== except && g.stats.formatCount > 0).map(({ id, eventName }) => ({ id, eventName }));
}

/** useCatalogueSources reads the photographer's galleries that have a catalogue to copy. */
export function useCatalogueSources(except = '') {
  const { data, loading } = useQuery(CatalogueSourcesQuery, { fetchPolicy: 'cache-and-network' });
  const rows = data?.studioGalleries.edges?.flatMap((e) => (e?.node ? [e.node] : [])) ?? [];
  return { sources: catalogueSources(rows, except), loading: loading && !data };
}

/**
 * CatalogueSourceField is the new-gallery screen's « Catalogue de la boutique »
 * select: an empty shop, or a copy of one of sources (useCatalogueSources).
 * Until the photographer picks (value null), it stands on the most recently
 * created gallery with a catalogue; onChange hears the id ('' for an empty shop).
 */
export function CatalogueSourceField({
  sources,
  value,
  onChange,
}: {
  sources: ReadonlyArray<CatalogueSource>;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const current = defaultSource(value, sources);
  return (
    <div className={ff.field}>
      <label htmlFor={id} className={ff.label}>
        {t('catalogueCopy.field')}
      </label>
      <select id={id} name="copyCatalogueFrom" className={styles.select} value={current} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('catalogueCopy.empty')}</option>
        {sources.map((s) => (
          <option key={s.id} value={s.id}>
            {t('catalogueCopy.copyOf', { gallery: s.eventName })}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={ff.hint}>
        {t('catalogueCopy.hint')}
      </p>
    </div>
  );
}

/** defaultSource is what CatalogueSourceField shows for value: the chosen id, else the first source. */
export function defaultSource(value: string | null, sources: ReadonlyArray<CatalogueSource>): string {
  return value ?? sources[0]?.id ?? '';
}

/**
 * CopyCatalogueAction is offered on the catalogue screen while the chosen
 * gallery's shop is empty: « Copier le catalogue d'une autre galerie »,
 * then which one, then the copy (copyCatalogue).
 */
export function CopyCatalogueAction({ galleryId, onCopied }: { galleryId: string; onCopied: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const { sources, loading: sourcesLoading } = useCatalogueSources(galleryId);
  const [copy, { loading }] = useMutation(CopyCatalogueMutation, { refetchQueries: ['StudioCatalogueSources'] });
  const { errors, notice, run } = useSave(onCopied);
  const from = defaultSource(picked, sources);
  if (!open) {
    return (
      <section className={styles.card} aria-label={t('catalogueCopy.action')}>
        <p className={styles.muted}>{t('catalogueCopy.emptyShop')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => setOpen(true)}>
            {t('catalogueCopy.action')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-label={t('catalogueCopy.action')}>
      <h2>{t('catalogueCopy.action')}</h2>
      {!sourcesLoading && sources.length === 0 ? (
        <p className={styles.muted}>{t('catalogueCopy.noSource')}</p>
      ) : (
        <form
          className={cs.inline}
          onSubmit={(e) => {
            e.preventDefault();
            if (!from) return;
            void run(async () => {
              const { data } = await copy({ variables: { input: { fromGalleryId: from, toGalleryId: galleryId } } });
              return data?.copyCatalogue;
            }, t('catalogueCopy.done'));
          }}
        >
          <label htmlFor={id}>{t('catalogueCopy.from')}</label>
          <select id={id} name="fromGalleryId" className={styles.select} value={from} onChange={(e) => setPicked(e.target.value)}>
            {sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.eventName}
              </option>
            ))}
          </select>
          <button type="submit" className={styles.primary} disabled={loading || !from}>
            {t('catalogueCopy.submit')}
          </button>
        </form>
      )}
      <Feedback errors={errors} notice={notice} />
    </section>
  );
}
