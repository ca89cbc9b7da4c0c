import { useTranslation } from 'react-i18next';
import type { StudioOrderDetailFragment } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import styles from './studio.module.css';

type Line = StudioOrderDetailFragment['lines'][number];

/** CropThumb is a line's photo with the ordered crop drawn over it (what is printed stays clear). */
function CropThumb({ line }: { line: Line }) {
  const { t } = useTranslation();
  const p = line.photo;
  if (!p) return <div className={styles.lineThumb}>{t('studioOrders.photoRemoved')}</div>;
  const c = line.crop;
  const box =
    c && p.width > 0 && p.height > 0
      ? { left: `${(c.x / p.width) * 100}%`, top: `${(c.y / p.height) * 100}%`, width: `${(c.width / p.width) * 100}%`, height: `${(c.height / p.height) * 100}%` }
      : null;
  return (
    <div className={styles.lineThumb} style={{ aspectRatio: `${p.width || 3} / ${p.height || 2}` }}>
      <img src={p.urls.thumbnail} alt="" loading="lazy" />
      {box && <span className={styles.cropBox} style={box} data-testid="crop" />}
    </div>
  );
}

/** OrderLines lists an order's lines: photo (with its crop), what was bought, print options and price. */
export function OrderLines({ lines }: { lines: StudioOrderDetailFragment['lines'] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className={styles.lines}>
      {lines.map((l) => (
        <li key={l.id} className={styles.line}>
          {l.photo !== undefined && (l.kind === 'print' || l.kind === 'digital_file') ? <CropThumb line={l} /> : <div className={styles.lineThumb} />}
          <div>
            <p className={styles.lineTitle}>{l.description}</p>
            <p className={styles.muted}>
              {t('studioOrders.quantity', { count: l.quantity })} · {t('studioOrders.unitPrice', { price: formatMoney(l.unitPrice, i18n.language) })}
            </p>
            {l.kind === 'print' && (
              <p className={styles.muted}>
                {l.finish && t('studioOrders.finish', { value: t(`studioOrders.finish_${l.finish}`, { defaultValue: l.finish }) })}
                {l.border && <> · {t('studioOrders.border', { value: t(`studioOrders.border_${l.border}`, { defaultValue: l.border }) })}</>}
                {' · '}
                {l.crop ? t('studioOrders.cropped', { width: l.crop.width, height: l.crop.height }) : t('studioOrders.noCrop')}
              </p>
            )}
          </div>
          <p className={styles.lineTotal}>{formatMoney(l.total, i18n.language)}</p>
        </li>
      ))}
    </ul>
  );
}
