// The roles a user can hold, defined once; menus, resources and routes name them from here.
export const roleCodes = ['stores', 'sales', 'reports', 'messages', 'it'] as const;
export type RoleCode = (typeof roleCodes)[number];

export const roleNames: Record<RoleCode, string> = {
  stores: 'Store operations',
  sales: 'Sales',
  reports: 'Reports',
  messages: 'Messaging',
  it: 'IT department',
};

/** What the server knows of the signed-in user, in the spec's field names (GET /api/common/current-user). */
export interface CurrentUser {
  IsActive: boolean;
  CreateDate: string;
  Email: string;
  FirstName: string;
  MiddleName: string;
  LastName: string;
  FullName: string;
  GroupID: number | null;
  GroupName: string;
  GroupCode: string;
  ID: number;
  IsAdmin: boolean;
  IsSuperAdmin: boolean;
  Roles: string[];
  Instances: string[];
  UserName: string;
  UpdateDate: string;
}

/**
 * An access rule: admin flags and/or a role (or any one of several roles). Super admins pass every rule;
 * admins pass all but super-admin ones.
 */
export interface Access {
  role?: RoleCode | readonly RoleCode[];
  admin?: boolean;
  superAdmin?: boolean;
}

/** Whether the user passes the rule: none (undefined) admits everyone, `false` nobody. */
export function allows(user: Pick<CurrentUser, 'IsAdmin' | 'IsSuperAdmin' | 'Roles'>, access: Access | false | undefined): boolean {
  if (access === false) return false;
  if (!access) return true;
  if (user.IsSuperAdmin) return true;
  if (access.superAdmin) return false;
  if (user.IsAdmin) return true;
  if (access.admin) return false;
  if (access.role === undefined) return true;
  const roles: readonly string[] = typeof access.role === 'string' ? [access.role] : access.role;
  return roles.some((role) => user.Roles.includes(role));
}

/**
 * Who may see sales figures, wherever they are served (the sales table, summaries, charts, the dashboard's
 * cards, a store's sales, reports): whoever reads sales or reports. Everyone else sees no figure at all.
 */
export const salesFigures: Access = { role: ['sales', 'reports'] };
