// The sentence under a line chart (islands/chart/line-chart.tsx): its span, and its highest and lowest among
// the periods that have ended. The month still running, 27 of 30 days in, is not called the lowest.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { ChartPoint } from '../../common/charts.ts';
import { summary } from '../../islands/chart/line-chart.tsx';
import { amounts } from '../../islands/chart/scale.ts';

const point = (label: string, value: string | null, running = false): ChartPoint => ({ label, value, ...(running && { running }) });
const sentence = (points: ChartPoint[]) => summary(points, amounts(points.map((p) => p.value)));

test('a period still running is neither the highest nor the lowest', () => {
  const points = [point('Sep 2026', '300.00'), point('Oct 2026', '200.00'), point('Nov 2026 (to date)', '90.00', true)];
  assert.equal(
    sentence(points),
    '3 cycles from Sep 2026 to Nov 2026 (to date). Highest: $300.00 in Sep 2026. Lowest: $200.00 in Oct 2026.',
  );
  const tall = [point('Oct 2026', '200.00'), point('Nov 2026 (to date)', '900.00', true)];
  assert.match(sentence(tall), /Highest: \$200\.00 in Oct 2026/);
});

test('alone, the running period is what there is; a period without sales is left out', () => {
  assert.match(sentence([point('Nov 2026 (to date)', '90.00', true)]), /Highest: \$90\.00 in Nov 2026 \(to date\)\. Lowest: \$90\.00/);
  assert.match(sentence([point('Sep 2026', null), point('Oct 2026', '50.00')]), /Lowest: \$50\.00 in Oct 2026/);
});
