// Test-only routes, which the test support adds to the app it builds: a form whose field must be unique among
// values listed by data-unique-url, the one rule the real forms do not use yet, so browser tests can drive it.
import type { FastifyInstance } from 'fastify';
import type { FormDefinition } from '../../../common/form-definition.ts';
import { fieldViews } from '../../../server/forms/field-views.ts';
import { testView } from '../views.ts';

const takenStoreNames = ['Main Street', 'Harbor View'];

const uniqueNameForm: FormDefinition = {
  fields: [
    {
      name: 'StoreName',
      label: 'Store name',
      kind: 'text',
      rules: { required: true, unique: true },
      uniqueUrl: '/test/forms/taken-store-names',
    },
  ],
};

const formView = testView('form');

export default async function testFormRoutes(app: FastifyInstance) {
  app.get('/test/forms/unique', async (_req, reply) =>
    reply.page(formView, { title: 'Unique field', fields: fieldViews(uniqueNameForm, { idPrefix: 'unique' }) }),
  );
  app.get('/test/forms/taken-store-names', async () => takenStoreNames);
}
