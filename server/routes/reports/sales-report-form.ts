// The sales report's parameters, declared once: a From/To date pair (dd/MM/yyyy, checked by checkDateRange
// in the browser and again on the server) and an optional cycle that narrows the range to its days.
import type { FormDefinition } from '../../../common/form-definition.ts';

export const salesReportForm = {
  fields: [
    { name: 'FromDate', label: 'From Date', kind: 'text', placeholder: 'dd/mm/yyyy', hint: 'hintDate', autocomplete: 'off' },
    { name: 'ToDate', label: 'To Date', kind: 'text', placeholder: 'dd/mm/yyyy', hint: 'hintDate', autocomplete: 'off' },
    { name: 'CycleID', label: 'Cycle (optional)', kind: 'select' },
  ],
  dateRange: { name: 'DateRange', from: 'FromDate', to: 'ToDate' },
} as const satisfies FormDefinition;
