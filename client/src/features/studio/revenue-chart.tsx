import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './studio.module.css';

/** ChartPoint is one bar: its period ("2026-11-02" or "2026-11") and amount in euros. */
export interface ChartPoint {
  period: string;
  value: number;
}

function seconds(period: string): number {
  const [y, m, d] = period.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 1000;
}

/**
 * RevenueChart draws a series of amounts as bars with uPlot (1.6.32, about
 * 50 kB): loaded with the dashboard only, never by a guest's page.
 */
export default function RevenueChart({
  points,
  label,
  format,
  formatDate,
}: {
  points: ReadonlyArray<ChartPoint>;
  label: string;
  format: (v: number) => string;
  formatDate: (d: Date) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(el.clientWidth, 240);
    const opts: uPlot.Options = {
      width,
      height: 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [{ stroke: '#555', grid: { show: false }, values: (_u, vals) => vals.map((v) => formatDate(new Date(v * 1000))) }, { stroke: '#555', size: 64, values: (_u, vals) => vals.map((v) => format(v)) }],
      series: [{}, { label, stroke: '#1f2d33', fill: 'rgba(224, 184, 79, 0.75)', paths: uPlot.paths.bars?.({ size: [0.7, 48] }), points: { show: false } }],
    };
    const plot = new uPlot(opts, [points.map((p) => seconds(p.period)), points.map((p) => p.value)], el);
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 240), height: 220 }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [points, label, format, formatDate]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} />;
}
