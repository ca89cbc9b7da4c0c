import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { StudioBooksDashboardQuery } from './books-documents';
import styles from './studio.module.css';

const RevenueChart = lazy(() => import('./revenue-chart'));

type Preset = 'month' | 'lastMonth' | 'year';
type Grain = 'byDay' | 'byWeek' | 'byMonth';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** periodOf is a preset's first and last day (the browser's calendar, close to the studio's). */
export function periodOf(preset: Preset, today: Date): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (preset) {
    case 'lastMonth':
      return { from: day(new Date(y, m - 1, 1)), to: day(new Date(y, m, 0)) };
    case 'year':
      return { from: day(new Date(y, m - 11, 1)), to: day(new Date(y, m + 1, 0)) };
    default:
      return { from: day(new Date(y, m, 1)), to: day(new Date(y, m + 1, 0)) };
  }
}

/** DashboardPage is /studio/tableau-de-bord: revenue over time, by gallery and product, the best photos, and the accountant's export. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<Preset>('month');
  const [grain, setGrain] = useState<Grain>('byDay');
  const today = useMemo(() => new Date(), []);
  const [month, setMonth] = useState(() => day(today).slice(0, 7));
  const period = periodOf(preset, today);
  const { data, error } = useQuery(StudioBooksDashboardQuery, { variables: period, fetchPolicy: 'cache-and-network' });
  const money = useCallback((amount: string | number) => formatMoney({ amount: String(amount), currency: 'EUR' }, i18n.language), [i18n.language]);
  const formatDate = useCallback(
    (d: Date) => d.toLocaleDateString(i18n.language, grain === 'byMonth' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language, grain],
  );
  const b = data?.studioBooks;
  const points = useMemo(() => (b ? b[grain].map((p) => ({ period: p.period, value: Number(p.revenue.amount) })) : []), [b, grain]);
  const percent = (x: number) => `${(x * 100).toLocaleString(i18n.language, { maximumFractionDigits: 1 })} %`;
  const max = (xs: ReadonlyArray<{ revenue: { amount: string } }>) => Math.max(1, ...xs.map((x) => Number(x.revenue.amount)));
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('studio.dashboardTitle')}</h1>
      </div>
      <div className={styles.toolbar}>
        <label>
          {t('studio.period')}
          <select className={styles.select} value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
            <option value="month">{t('studio.periodMonth')}</option>
            <option value="lastMonth">{t('studio.periodLastMonth')}</option>
            <option value="year">{t('studio.periodYear')}</option>
          </select>
        </label>
        <label>
          {t('studio.grain')}
          <select className={styles.select} value={grain} onChange={(e) => setGrain(e.target.value as Grain)}>
            <option value="byDay">{t('studio.grainDay')}</option>
            <option value="byWeek">{t('studio.grainWeek')}</option>
            <option value="byMonth">{t('studio.grainMonth')}</option>
          </select>
        </label>
      </div>
      {error && !data && <p className={styles.error}>{t('studio.error')}</p>}
      {!b && !error && <Spinner label={t('common.loading')} block />}
      {b && (
        <>
          <dl className={styles.kpis}>
            <div>
              <dt>{t('studio.revenue')}</dt>
              <dd data-testid="books-revenue">{money(b.revenue.amount)}</dd>
            </div>
            <div>
              <dt>{t('studio.ordersCount')}</dt>
              <dd>{b.orders}</dd>
            </div>
            <div>
              <dt>{t('studio.averageOrder')}</dt>
              <dd>{money(b.averageOrder.amount)}</dd>
            </div>
            <div>
              <dt>{t('studio.visits')}</dt>
              <dd data-testid="books-visits">{b.visits ?? '—'}</dd>
            </div>
            <div>
              <dt>{b.conversion != null ? t('studio.conversion') : t('studio.ordersPerBuyer')}</dt>
              <dd>
                {b.conversion != null
                  ? percent(b.conversion)
                  : b.uniqueBuyers > 0
                    ? (b.orders / b.uniqueBuyers).toLocaleString(i18n.language, { maximumFractionDigits: 2 })
                    : '—'}
              </dd>
            </div>
          </dl>
          {b.conversion == null && <p className={styles.muted}>{t('studio.visitsNotCounted', { buyers: b.uniqueBuyers })}</p>}
          <section className={styles.card}>
            <h2>{t('studio.revenueOverTime')}</h2>
            <Suspense fallback={<Spinner label={t('common.loading')} block />}>
              <RevenueChart points={points} label={t('studio.revenueChart')} format={money} formatDate={formatDate} />
            </Suspense>
          </section>
          <div className={styles.columns}>
            <section className={styles.card}>
              <h2>{t('studio.byGallery')}</h2>
              {b.byGallery.length === 0 && <p className={styles.muted}>{t('studio.noSales')}</p>}
              <ul className={styles.bars}>
                {b.byGallery.map((g) => (
                  <li key={g.galleryId}>
                    <span className={styles.barLabel}>
                      {g.title}
                      {' · '}
                      {t('studio.galleryVisits', { count: g.visits })}
                      {g.conversion != null && ` · ${percent(g.conversion)}`}
                    </span>
                    <span className={styles.barValue}>{money(g.revenue.amount)}</span>
                    <span className={styles.bar} style={{ width: `${(100 * Number(g.revenue.amount)) / max(b.byGallery)}%` }} />
                  </li>
                ))}
              </ul>
            </section>
            <section className={styles.card}>
              <h2>{t('studio.byProduct')}</h2>
              {b.byProduct.length === 0 && <p className={styles.muted}>{t('studio.noSales')}</p>}
              <ul className={styles.bars}>
                {b.byProduct.map((p) => (
                  <li key={`${p.kind} ${p.format}`}>
                    <span className={styles.barLabel}>
                      {t(`studio.kind_${p.kind}`, { defaultValue: p.kind })}
                      {p.format && ` ${p.format}`} × {p.quantity}
                    </span>
                    <span className={styles.barValue}>{money(p.revenue.amount)}</span>
                    <span className={styles.bar} style={{ width: `${(100 * Number(p.revenue.amount)) / max(b.byProduct)}%` }} />
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <section className={styles.card}>
            <h2>{t('studio.topPhotos')}</h2>
            {b.topPhotos.length === 0 && <p className={styles.muted}>{t('studio.noSales')}</p>}
            <ol className={styles.bars}>
              {b.topPhotos.map((p) => (
                <li key={p.photoId}>
                  <span className={styles.barLabel}>
                    {p.filename || p.photoId} × {p.quantity}
                  </span>
                  <span className={styles.barValue}>{money(p.revenue.amount)}</span>
                  <span className={styles.bar} style={{ width: `${(100 * Number(p.revenue.amount)) / max(b.topPhotos)}%` }} />
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
      <section className={styles.card}>
        <h2>{t('studio.exportTitle')}</h2>
        <p className={styles.muted}>{t('studio.exportHint')}</p>
        <div className={styles.toolbar}>
          <label>
            {t('studio.exportMonth')}
            <input type="month" className={styles.select} value={month} onChange={(e) => setMonth(e.target.value)} />
          </label>
          {/^\d{4}-\d{2}$/.test(month) && (
            <a className={styles.secondary} href={`/api/studio/exports/orders-${month}.csv`} download>
              {t('studio.exportDownload')}
            </a>
          )}
        </div>
      </section>
    </>
  );
}
