// audit-trail: the changes made in a date range, optionally to one table: who, when, what and which record,
// with each changed field before and after. For administrators, as the audit log itself is, each reading the
// entries of the tables they may list (server/audit/readable-entries.ts), which are the tables it offers:
// among those the app serves (app.resources), so an entity an app adds is offered and named too.
import { addDays } from 'date-fns/addDays';
import { formatDateTime, formatNumber } from '../../../common/format.ts';
import type { FormDefinition } from '../../../common/form-definition.ts';
import { msg } from '../../messages.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { listableResources } from '../../audit/readable-entries.ts';
import { dateRangeFields, dateRangePair, rangeCaption, typedDay } from '../date-range.ts';
import { defineReport } from '../definition.ts';
import { ReportRefusal } from '../report-refusal.ts';
import { parameterText as text } from '../parameters.ts';
import { fieldChanges, type FieldChange } from '../../audit/field-changes.ts';
import { actionWord, rowWord } from '../../audit/entry-words.ts';
import { auditEntries } from './query.ts';
import { worded } from '../../worded.ts';
import { titleOf } from '../../../common/resources/words.ts';

const parameters = {
  fields: [
    ...dateRangeFields,
    worded(
      {
        name: 'Table',
        kind: 'select',
      },
      { label: 'reportTableOptional' },
    ),
  ],
  dateRange: dateRangePair,
} as const satisfies FormDefinition;

/** What views/reports/_audit-trail.eta draws. */
export interface AuditTrailBody {
  entries: Array<{ when: string; who: string; table: string; action: string; key: string; changes: FieldChange[] }>;
  emptyText: string;
}

/** The tables to choose from, titled in the language of the moment (a title follows the language file). */
const tables = (served: ReadonlyArray<ResourceDef>) => served.map((r) => ({ value: r.name, label: titleOf(r) }));

export const auditTrailReport = defineReport({
  name: 'audit-trail',
  folder: 'Administration',
  title: 'auditTrailTitle',
  description: 'auditTrailDescription',
  access: { admin: true },
  parameters,
  choices: async (_pool, user, served) => {
    const listable = new Set(listableResources(user, served));
    return { Table: tables(served).filter((t) => listable.has(t.value)) };
  },
  template: 'reports/_audit-trail.eta',
  landscape: true,
  async run(input) {
    const from = text(input, 'FromDate');
    const to = text(input, 'ToDate');
    const resource = text(input, 'Table') || null;
    const limit = input.maxRows;
    const entries = await auditEntries(
      input.pool,
      input.user,
      input.served,
      { from: typedDay(from), until: addDays(typedDay(to), 1), resource },
      limit + 1,
    );
    if (entries.length > limit) throw new ReportRefusal(422, msg('reportTooManyRows', formatNumber(limit)));
    const titles = new Map(tables(input.served).map((t) => [t.value, t.label]));
    const body: AuditTrailBody = {
      entries: entries.map((e) => ({
        when: formatDateTime(e.At),
        who: e.UserName,
        table: titles.get(e.Resource) ?? e.Resource,
        action: actionWord(e.Action),
        key: rowWord(input.served, e.Resource, e.RowKey, e.After ?? e.Before),
        changes: fieldChanges(input.served, e.Resource, e),
      })),
      emptyText: msg('summaryEmpty'),
    };
    const table = resource === null ? msg('reportAllTables') : (titles.get(resource) ?? resource);
    return { caption: [rangeCaption(from, to), table, msg('reportChanges', formatNumber(entries.length))], body };
  },
});
