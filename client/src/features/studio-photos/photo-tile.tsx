import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { StudioPhoto } from './use-studio-photos';
import styles from './studio-photos.module.css';

/** PhotoTile is one photo of the grid: its thumbnail once ready, its status, its marks; a click selects it. */
export function PhotoTile({
  photo,
  selected,
  cover,
  onClick,
}: {
  photo: StudioPhoto;
  selected: boolean;
  cover: boolean;
  onClick: (id: string, shift: boolean) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id });
  const marks = [
    cover && t('studioPhotosMarks.cover'),
    photo.favorite && t('studioPhotosMarks.favorite'),
    photo.isPrivate && t('studioPhotosMarks.private'),
    photo.clientHidden && t('studioPhotosMarks.hidden'),
  ].filter(Boolean) as string[];
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`${styles.tile} ${selected ? styles.selected : ''} ${isDragging ? styles.dragging : ''}`}
      data-photo-id={photo.id}
      data-status={photo.status}
      {...attributes}
      {...listeners}
      aria-pressed={selected}
      aria-label={t('studioPhotosGrid.tile', { name: photo.filename, status: t(`studioPhotosStatus.${photo.status}`) })}
      onClick={(e) => onClick(photo.id, e.shiftKey)}
      onKeyDown={(e) => {
        listeners?.onKeyDown?.(e);
        if (e.key === 'Enter') onClick(photo.id, e.shiftKey);
      }}
    >
      <div className={styles.thumb}>
        {photo.status === 'ready' ? (
          <img src={photo.urls.thumbnail} alt="" loading="lazy" draggable={false} />
        ) : (
          <span className={`${styles.status} ${photo.status === 'failed' ? styles.failed : ''}`}>{t(`studioPhotosStatus.${photo.status}`)}</span>
        )}
        {selected && (
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
        )}
      </div>
      <div className={styles.caption}>
        <span className={styles.name} title={photo.filename}>
          {photo.filename}
        </span>
        {marks.length > 0 && (
          <span className={styles.marks}>
            {marks.map((m) => (
              <span key={m} className={styles.mark}>
                {m}
              </span>
            ))}
          </span>
        )}
      </div>
    </li>
  );
}
