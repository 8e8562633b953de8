// The settings' grouping: the main and the sub grouping column (any sortable column: the server sorts by
// them so each group's rows are contiguous across pages), and whether only one group is open at a time. A
// new grouping starts on the first page with every group closed; no main grouping means no sub grouping.
// The choices are in the order of their labels, so typing a label picks it ("Store" before "Store #").
import { tableMsg } from '../../../common/table-messages.ts';
import type { TableConfig } from '../../../common/table-config.ts';
import type { TableState } from '../../../common/table-state.ts';

interface GroupingFieldsProps {
  config: TableConfig;
  state: TableState;
  change(patch: Partial<TableState>): void;
  idPrefix: string;
}

export function GroupingFields({ config, state, change, idPrefix }: GroupingFieldsProps) {
  const groupable = config.columns.filter((c) => c.sortable && !c.internal).sort((a, b) => a.label.localeCompare(b.label));
  const regroup = (mainGroup: string | null, subGroup: string | null) =>
    change({ mainGroup, subGroup: mainGroup && subGroup !== mainGroup ? subGroup : null, expandedGroups: [], page: 0 });
  const options = (except: string | null) =>
    groupable
      .filter((c) => c.name !== except)
      .map((c) => (
        <option key={c.name} value={c.name}>
          {c.label}
        </option>
      ));
  return (
    <fieldset className="dt-settings-grouping">
      <legend>{tableMsg('settingsGrouping')}</legend>
      <label htmlFor={`${idPrefix}main`}>{tableMsg('settingsMainGroup')}</label>
      <select id={`${idPrefix}main`} value={state.mainGroup ?? ''} onChange={(e) => regroup(e.currentTarget.value || null, state.subGroup)}>
        <option value="">{tableMsg('settingsNoGroup')}</option>
        {options(null)}
      </select>
      <label htmlFor={`${idPrefix}sub`}>{tableMsg('settingsSubGroup')}</label>
      <select
        id={`${idPrefix}sub`}
        value={state.subGroup ?? ''}
        disabled={!state.mainGroup}
        onChange={(e) => regroup(state.mainGroup, e.currentTarget.value || null)}
      >
        <option value="">{tableMsg('settingsNoGroup')}</option>
        {options(state.mainGroup)}
      </select>
      <label className="dt-settings-check">
        <input type="checkbox" checked={state.oneGroupOpen} onChange={(e) => change({ oneGroupOpen: e.currentTarget.checked })} />
        {tableMsg('settingsOneGroupOpen')}
      </label>
    </fieldset>
  );
}
