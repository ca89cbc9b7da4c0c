import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import { PhotoTile } from './photo-tile';
import type { StudioPhoto } from './use-studio-photos';
import styles from './studio-photos.module.css';

/** PhotoGrid shows the photos in display order; they are reordered by drag and drop (mouse, touch, or the keyboard: space, arrows, space). */
export function PhotoGrid({
  photos,
  selected,
  coverId,
  onClick,
  onReorder,
}: {
  photos: readonly StudioPhoto[];
  selected: ReadonlySet<string>;
  coverId?: string;
  onClick: (id: string, shift: boolean) => void;
  onReorder: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  // A drag starts after 6 px, so that a click still selects.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = photos.map((p) => p.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  if (photos.length === 0) return <p className={styles.empty}>{t('studioPhotosGrid.empty')}</p>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={styles.grid} aria-label={t('studioPhotosGrid.label')} data-testid="studio-grid">
          {photos.map((p) => (
            <PhotoTile key={p.id} photo={p} selected={selected.has(p.id)} cover={p.id === coverId} onClick={onClick} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
