import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailySalesWire } from '@shop/shared/contract/summary';
import { formatPounds } from '@shop/shared/domain/money';
import { poundsTick, salesChartData } from '../lib/chart-data';

const HEIGHT = 260;
const FONT = '12px Helvetica, Arial, sans-serif';

/**
 * The daily sales of the last 30 days as bars, drawn by uPlot (about 20 KB gzip, its own chunk: only the dashboard
 * loads it). The canvas is a picture for sighted users; the dashboard gives its words and a table beside it.
 * The legend under the chart reads the hovered bar's day and sale (today's when no bar is hovered).
 */
export function SalesChart({ daily }: { daily: readonly DailySalesWire[] }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const colour = theme.palette.primary.main;
  const text = theme.palette.text.secondary;

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const data = salesChartData(daily);
    const lastDay = data.x.length - 1;
    const width = () => Math.max(240, Math.floor(element.clientWidth));
    // About one day label per 56 px: every day on a wide screen, every week on a phone.
    const labelStep = (plotWidth: number) => Math.max(1, Math.ceil(data.x.length / Math.max(1, Math.floor(plotWidth / 56))));

    const options: uPlot.Options = {
      width: width(),
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.12 : 10] },
      },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      series: [
        // Away from the bars the legend reads the last day (today), so it never shows empty values.
        { label: 'Day', value: (_u, index) => daily[index ?? lastDay]?.date ?? '' },
        {
          label: 'Sales',
          stroke: colour,
          fill: colour,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.7, 48], radius: 0.15 }),
          points: { show: false },
          value: (_u, value) => formatPounds(Math.round((value ?? data.pounds[lastDay] ?? 0) * 100)),
        },
      ],
      axes: [
        {
          stroke: text,
          font: FONT,
          grid: { show: false },
          ticks: { show: false },
          splits: (u) => {
            const step = labelStep(u.bbox.width / devicePixelRatio);
            // Counted back from today, so the last bar is always labelled.
            return data.x.filter((index) => (data.x.length - 1 - index) % step === 0);
          },
          values: (_u, splits) => splits.map((index) => data.labels[index] ?? ''),
        },
        { stroke: text, font: FONT, size: 56, values: (_u, splits) => splits.map(poundsTick), grid: { stroke: 'rgba(0,0,0,0.08)' } },
      ],
    };

    const plot = new uPlot(options, [data.x, data.pounds], element);
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [daily, colour, text]);

  return (
    <Box
      ref={box}
      aria-hidden="true"
      data-testid="sales-chart"
      sx={{ minHeight: HEIGHT, width: '100%', '& .u-legend': { fontSize: '0.875rem', fontFamily: theme.typography.fontFamily } }}
    />
  );
}
