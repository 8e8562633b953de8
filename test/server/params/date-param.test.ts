// A date means the same on every route that takes one: a report's From and To dates, sent in the report
// screen's query, the print view's, the PDF stream's or the report API's list, are read by one reader
// (common/calendar.ts, calendarDayOf: dd/MM/yyyy or year first) and one check (the spec's date range rule),
// and a date that is not one is refused with the spec's same sentence by each.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { validationMsg } from '../../../common/validation-messages.ts';
import fc from 'fast-check';
import { hostileDate, outOfRangeTypedDay } from '../../support/hostile-dates.ts';

const shared = useTestApp('admin');

const day = (daysAgo: number, pattern: string) => format(subDays(new Date(), daysAgo), pattern);

type Dates = { FromDate: string; ToDate: string };

/** Every route that takes a report's dates, each asked for the sales by store with them. */
const routes: ReadonlyArray<[string, (user: SignedIn, dates: Dates) => Promise<LightMyRequestResponse>]> = [
  [
    'the report screen',
    (user, dates) => user.inject({ url: `/reports?${new URLSearchParams({ report: 'sales-by-store', format: 'HTML4.0', ...dates })}` }),
  ],
  [
    'the print view',
    (user, dates) => user.inject({ url: `/reports/print?${new URLSearchParams({ report: 'sales-by-store', ...dates })}` }),
  ],
  [
    'the report API',
    (user, dates) =>
      user.inject({
        method: 'POST',
        url: '/api/common/reports',
        payload: { name: 'sales-by-store', parameters: Object.entries(dates).map(([name, value]) => ({ name, value })) },
      }),
  ],
];

/** Those routes and the PDF stream, which checks the dates before printing (asked here only what it must refuse). */
const refusing: typeof routes = [
  ...routes,
  [
    'the PDF stream',
    (user, dates) =>
      user.inject({
        url: `/api/common/report?${new URLSearchParams({ filename: 'sales-by-store', stream: 'true', format: 'pdf', ...dates })}`,
        headers: { accept: 'application/json' },
      }),
  ],
];

/** The sentences an answer holds (a page's or a JSON error's), read back as text. */
function answerText(res: LightMyRequestResponse): string {
  if (res.headers['content-type']?.toString().startsWith('application/json')) return String(res.json().error ?? '');
  return res.body.replaceAll('&quot;', '"').replaceAll('&#34;', '"');
}

describe("a report's dates", () => {
  const to = day(2, 'dd/MM/yyyy');
  for (const [what, from] of [
    ['a day that does not exist', '30/02/2025'],
    ['a year-first day that does not exist', '2025-02-30'],
    ['a two-digit year', '01/02/25'],
    ['a word', 'yesterday'],
    ['a date with a time', '2025-02-01T10:00'],
  ] as const)
    test(`${what} is refused with the same sentence by every route that takes a date`, async () => {
      for (const [route, ask] of refusing) {
        const res = await ask(shared.admin, { FromDate: from, ToDate: to });
        assert.equal(res.statusCode, 422, route);
        assert.ok(answerText(res).includes(validationMsg('dateRangeFromInvalid')), `${route}: ${res.body.slice(0, 300)}`);
      }
    });

  test('dd/MM/yyyy, a one-digit day and month, and year first name the same days on every route', async () => {
    for (const dates of [
      { FromDate: day(9, 'dd/MM/yyyy'), ToDate: to },
      { FromDate: day(9, 'd/M/yyyy'), ToDate: day(2, 'yyyy-MM-dd') },
    ])
      for (const [route, ask] of routes) {
        const res = await ask(shared.admin, dates);
        assert.equal(res.statusCode, 200, `${route} ${JSON.stringify(dates)}: ${res.body.slice(0, 300)}`);
        // The caption writes the range as the app does, however it was sent.
        assert.ok(answerText(res).includes(`${day(9, 'dd/MM/yyyy')}`), route);
      }
  });

  // The range check's sentences with their numbers as the defaults fill them in (3 years back, 36 months).
  const rangeSentences = [
    validationMsg('dateRangeRequired'),
    validationMsg('dateRangeFromInvalid'),
    validationMsg('dateRangeToInvalid'),
    validationMsg('dateRangeTooOld', 3, 'years'),
    validationMsg('dateRangeToFuture'),
    validationMsg('dateRangeFromAfterTo'),
    validationMsg('dateRangeTooLong', 36),
  ];
  test("whatever dates are sent, every route answers the report or refuses it with one of the range check's sentences", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        hostileDate,
        fc.oneof(hostileDate, fc.constant(to)),
        async ([route, ask], from, until) => {
          const res = await ask(shared.admin, { FromDate: from, ToDate: until });
          assert.ok(
            res.statusCode === 200 || res.statusCode === 422,
            `${route} ${from} ${until}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
          if (res.statusCode === 422) {
            const text = answerText(res);
            assert.ok(
              rangeSentences.some((sentence) => text.includes(sentence)),
              `${route} ${from} ${until}: ${text.slice(0, 300)}`,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test("a day out of range (past its month, month 0 or 13, year 0000 or five digits) is invalid on every route, the PDF stream's too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...refusing), outOfRangeTypedDay, fc.boolean(), async ([route, ask], bad, atFrom) => {
        const res = await ask(shared.admin, atFrom ? { FromDate: bad, ToDate: to } : { FromDate: day(9, 'dd/MM/yyyy'), ToDate: bad });
        assert.equal(res.statusCode, 422, `${route} ${bad}`);
        const sentence = validationMsg(atFrom ? 'dateRangeFromInvalid' : 'dateRangeToInvalid');
        assert.ok(answerText(res).includes(sentence), `${route} ${bad}: ${res.body.slice(0, 300)}`);
      }),
      { numRuns: 100 },
    );
  });
});
