// The checks of what a request asks to keep as a view, each refusal in words and naming its field: the name
// (trimmed, as the Views dialog checks it first: common/view-names.ts) and the state, against the
// columns of the view's table (common/table-views.ts). Also the shape every refusal of the views API takes.
import { VIEW_STATE_MAX_CHARS, viewStateProblem } from '../../common/table-views.ts';
import { viewNameProblem } from '../../common/view-names.ts';
import type { StateConfig } from '../../common/table-state.ts';
import { msg } from '../messages.ts';

/** A refused view request: its status, the sentence, and the field at fault with its own message, when one is. */
export interface ViewRefusal {
  status: 400 | 403 | 404 | 409;
  error: string;
  fields?: { Name: string } | { State: string };
}

export const isRefusal = (value: unknown): value is ViewRefusal =>
  typeof value === 'object' && value !== null && 'status' in value && 'error' in value;

/** Why `name` (already trimmed) cannot name a view; null when it can. */
export function nameRefusal(name: string): ViewRefusal | null {
  const problem = viewNameProblem(name);
  return problem ? { status: 400, error: msg('viewFieldProblem', msg('viewName'), problem), fields: { Name: problem } } : null;
}

/** Why `state` cannot be kept as a view of the table `config`; null when it can, as it is. */
export function stateRefusal(config: StateConfig, state: unknown): ViewRefusal | null {
  const problem = viewStateProblem(config, state);
  if (!problem) return null;
  const error =
    problem.kind === 'notObject'
      ? msg('viewStateNotObject')
      : problem.kind === 'tooLarge'
        ? msg('viewStateTooLarge', problem.chars, VIEW_STATE_MAX_CHARS)
        : problem.kind === 'unknownPart'
          ? msg('viewStateUnknownPart', problem.part.slice(0, 40))
          : msg('viewStateUnusable', problem.part);
  return { status: 400, error, fields: { State: error } };
}
