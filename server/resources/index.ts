// The resources the table API serves, by URL name: every definition of common/resources, worked out once.
import { definitions } from '../../common/resources/index.ts';
import { resourceDef, type ResourceDef } from './resource-def.ts';

export const resources: ReadonlyArray<ResourceDef> = definitions.map(resourceDef);

export function findResource(name: string): ResourceDef | undefined {
  return resources.find((r) => r.name === name);
}
