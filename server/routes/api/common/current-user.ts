// GET /api/common/current-user: the signed-in user in the spec's field names.
import type { FastifyInstance } from 'fastify';
import { errorAnswers } from '../error-answer.ts';

const text = { type: 'string' };
const flag = { type: 'boolean' };
const texts = { type: 'array', items: text };

/** The user as the spec names its fields (CurrentUser in common/roles.ts). */
const currentUser = {
  type: 'object',
  additionalProperties: false,
  required: [
    'IsActive',
    'CreateDate',
    'Email',
    'FirstName',
    'MiddleName',
    'LastName',
    'FullName',
    'GroupID',
    'GroupName',
    'GroupCode',
    'ID',
    'IsAdmin',
    'IsSuperAdmin',
    'Roles',
    'Instances',
    'UserName',
    'UpdateDate',
  ],
  properties: {
    IsActive: flag,
    CreateDate: text,
    Email: text,
    FirstName: text,
    MiddleName: text,
    LastName: text,
    FullName: text,
    GroupID: { type: ['integer', 'null'] },
    GroupName: text,
    GroupCode: text,
    ID: { type: 'integer' },
    IsAdmin: flag,
    IsSuperAdmin: flag,
    Roles: texts,
    Instances: texts,
    UserName: text,
    UpdateDate: text,
  },
} as const;

export default async function currentUserRoute(app: FastifyInstance) {
  app.get('/api/common/current-user', { schema: { response: { ...errorAnswers, 200: currentUser } } }, async (req) => req.signedInUser());
}
