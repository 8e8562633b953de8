// A table screen's TableConfig (common/table-config.ts): the browser-safe half of a resource definition,
// narrowed to what the signed-in user may do, with the screen's place. Columns and fields are copied
// property by property from the common half, so nothing the SQL half adds can ride along into the page.
import type { FormField } from '../../common/form-definition.ts';
import type { Column, Resource } from '../../common/resources/types.ts';
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { TableConfig, TableWarnings } from '../../common/table-config.ts';
import { worded } from '../../common/resources/words.ts';

function browserColumn(c: Column): Column {
  const { name, label, type, format, sortable, searchable, hiddenOnMobile, hidden, internal, total, digits, values, choicesFrom } = c;
  const valueLabels = c.valueLabels && { ...c.valueLabels };
  return {
    name,
    label,
    type,
    format,
    sortable,
    searchable,
    hiddenOnMobile,
    hidden,
    internal,
    total,
    digits,
    values,
    valueLabels,
    choicesFrom,
  };
}

function browserField(f: FormField): FormField {
  const { name, label, kind, rules, placeholder, autocomplete, usernameCheck, uniqueUrl, hint, options, on } = f;
  const choices = f.choices?.map(({ value, label }) => ({ value, label }));
  return {
    name,
    label,
    kind,
    rules,
    placeholder,
    autocomplete,
    usernameCheck,
    uniqueUrl,
    hint,
    options,
    choices,
    on,
    default: f.default,
    percent: f.percent,
  };
}

/** Drops the keys whose value is undefined, so the props carried in the page stay short. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function tableConfig(
  resource: Resource & { screen: string },
  user: CurrentUser,
  storeScoped: boolean,
  warnings: TableWarnings,
  pdf: NonNullable<TableConfig['pdf']>,
  detail: boolean,
): TableConfig {
  // In the words of the moment (the language file's, where it has them).
  resource = worded(resource);
  const add = allows(user, resource.access.add);
  const edit = allows(user, resource.access.edit);
  return {
    resource: resource.name,
    title: resource.title,
    listUrl: `/api/${resource.name}`,
    pagePath: resource.screen,
    key: resource.key,
    ...(resource.version ? { version: resource.version } : {}),
    columns: resource.columns.map((c) => defined(browserColumn(c))),
    fields: resource.fields.filter((f) => allows(user, f.access)).map((f) => defined(browserField(f))),
    defaultSort: resource.defaultSort.map(({ column, dir }) => ({ column, dir })),
    pageSize: resource.pageSize,
    can: {
      add,
      edit,
      delete: allows(user, resource.access.delete),
      export: allows(user, resource.access.export),
    },
    ...(resource.import && (add || edit) ? { import: { key: [...resource.import.key] } } : {}),
    detail,
    ...(resource.names ? { names: resource.names } : {}),
    storeScoped,
    warnings,
    pdf,
    ...defined({ listMethod: resource.listMethod, refreshAfterChange: resource.refreshAfterChange, showsSecret: resource.showsSecret }),
  };
}
