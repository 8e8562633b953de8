// An audit entry is read only by whoever may reach the row it is about: the audit log (its list, its
// exports, its table PDF's rows), a user's detail page and the audit-trail report leave out the entries of
// tables the reader may not list, and of rows outside their scope there. Menus are listed by super
// administrators only; the manager is an administrator, not a super administrator. A message is its
// recipient's only: its entry is read by the recipient and its sender, never by another administrator.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { useTestApp, type SignedIn } from '../support/app.ts';
import { currentQuery, url } from './table-api/support.ts';
import { pdfText } from '../support/pdf.ts';

const shared = useTestApp('admin', 'manager', 'itdesk');
const MENU_TITLE = 'Audited menu title';
const PRIVATE_BODY = 'Private words for the super administrator only';

describe('audit entries', () => {
  let adminId = 0;
  before(async () => {
    const { rows } = await shared.t.db.pool.query<{ id: number; version: number }>(
      `select menu_id as id, version from menus order by menu_id limit 1`,
    );
    const edit = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/menus',
      payload: { MenuID: rows[0]!.id, Version: rows[0]!.version, Title: MENU_TITLE },
    });
    assert.equal(edit.statusCode, 200, edit.body);
    const store = (await shared.t.db.pool.query(`select store_id as id, version from stores order by store_id limit 1`)).rows[0];
    const renamed = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store.id, Version: store.version, City: 'Audited city' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    adminId = (await shared.admin.inject({ url: '/api/common/current-user' })).json().ID;
    const sent = await shared.itdesk.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { UserID: adminId, Title: 'Private title', Body: PRIVATE_BODY, Severity: 'info' },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.equal(sent.json().Succeed.length, 1, sent.body);
  });

  const list = async (user: SignedIn, search: string) =>
    (await user.inject({ url: url('audit', currentQuery(['Resource', 'After'], { 'search[value]': search })) })).json().data as Array<{
      Resource: string;
    }>;

  test("the audit log lists a table's entries only to those who may list that table", async () => {
    assert.deepEqual(
      (await list(shared.admin, 'menus')).map((r) => r.Resource).filter((r) => r === 'menus').length > 0,
      true,
      'the super administrator reads the menu change',
    );
    assert.equal((await shared.manager.inject({ url: '/api/menus' })).statusCode, 403, 'the manager may not list menus');
    const managerRows = await list(shared.manager, '');
    assert.ok(managerRows.length > 0, 'the manager reads the audit log');
    assert.deepEqual(
      managerRows.filter((r) => r.Resource === 'menus'),
      [],
    );
    assert.ok(
      (await list(shared.manager, 'stores')).some((r) => r.Resource === 'stores'),
      'the store change is theirs to read',
    );
  });

  test("the audit log's export leaves them out too", async () => {
    const csv = await shared.manager.inject({ url: '/api/audit/export?format=csv&columns[0][data]=Resource&columns[1][data]=After' });
    assert.equal(csv.statusCode, 200);
    const text = csv.rawPayload.toString('utf16le');
    assert.ok(text.includes('Audited city'));
    assert.ok(!text.includes(MENU_TITLE), 'no menu entry in the export');
    const admin = await shared.admin.inject({ url: '/api/audit/export?format=csv&columns[0][data]=Resource&columns[1][data]=After' });
    assert.ok(admin.rawPayload.toString('utf16le').includes(MENU_TITLE));
  });

  test("a user's detail page lists the changes they made to tables the reader may list only", async () => {
    // The changes' tables alone: the renamed menu entry shows in the side menu too.
    const changes = async (user: SignedIn) =>
      [
        ...(await user.inject({ url: `/admin/users/${adminId}` })).body.matchAll(
          /<table class="simple-table record-changes">[\s\S]*?<\/table>/g,
        ),
      ]
        .map((m) => m[0])
        .join('');
    const forManager = await changes(shared.manager);
    assert.ok(forManager.includes('Audited city'), 'the store change is shown');
    assert.ok(!forManager.includes(MENU_TITLE), 'the menu change is not');
    assert.ok((await changes(shared.admin)).includes(MENU_TITLE));
  });

  test('the audit-trail report leaves them out and does not offer their table', async () => {
    const day = format(new Date(), 'dd/MM/yyyy');
    const run = (user: SignedIn, table: string) =>
      user.inject({
        method: 'POST',
        url: '/api/common/reports',
        payload: {
          name: 'audit-trail',
          folder: 'Administration',
          parameters: [
            { name: 'FromDate', value: day },
            { name: 'ToDate', value: day },
            { name: 'Table', value: table },
          ],
        },
      });
    const all = await run(shared.manager, '');
    assert.equal(all.statusCode, 200, all.body);
    assert.ok(all.body.includes('Audited city'));
    assert.ok(!all.body.includes(MENU_TITLE));
    assert.notEqual((await run(shared.manager, 'menus')).statusCode, 200, 'menus is not a table offered to the manager');
    assert.ok((await run(shared.admin, '')).body.includes(MENU_TITLE));
  });

  test("another administrator reads nothing of a user's message: not in the list, its exports, a detail page or the report", async () => {
    // The request, as the manager sent it.
    const exact = await shared.manager.inject({
      url: '/api/audit?draw=1&columns[0][data]=Resource&columns[0][search][value]=messages&columns[1][data]=After',
    });
    assert.equal(exact.statusCode, 200, exact.body);
    assert.ok(!exact.body.includes(PRIVATE_BODY), 'not in the list');
    assert.ok(!JSON.stringify(await list(shared.manager, '')).includes(PRIVATE_BODY));
    const csv = await shared.manager.inject({ url: '/api/audit/export?format=csv&columns[0][data]=Resource&columns[1][data]=After' });
    assert.equal(csv.statusCode, 200);
    assert.ok(!csv.rawPayload.toString('utf16le').includes('Private title'), 'not in the CSV export');
    const pdf = await shared.manager.inject({ url: '/api/common/report?filename=audit&stream=true&format=pdf&search[value]=messages' });
    assert.equal(pdf.statusCode, 200, pdf.body);
    const printed = pdfText(pdf.rawPayload);
    assert.ok(!printed.includes('Private title'), `not in the table's PDF: ${printed}`);
    const itdeskId = (await shared.itdesk.inject({ url: '/api/common/current-user' })).json().ID;
    const senderPage = await shared.manager.inject({ url: `/admin/users/${itdeskId}` });
    assert.equal(senderPage.statusCode, 200);
    assert.ok(!senderPage.body.includes(PRIVATE_BODY), "not on the sender's detail page");
    const day = format(new Date(), 'dd/MM/yyyy');
    const report = await shared.manager.inject({
      method: 'POST',
      url: '/api/common/reports',
      payload: {
        name: 'audit-trail',
        folder: 'Administration',
        parameters: [
          { name: 'FromDate', value: day },
          { name: 'ToDate', value: day },
          { name: 'Table', value: 'messages' },
        ],
      },
    });
    assert.equal(report.statusCode, 200, report.body);
    assert.ok(!report.body.includes(PRIVATE_BODY), 'not in the audit-trail report');
  });

  test('the recipient reads the entry of a message sent to them', async () => {
    const rows = await list(shared.admin, 'messages');
    assert.ok(JSON.stringify(rows).includes(PRIVATE_BODY));
    const csv = await shared.admin.inject({ url: '/api/audit/export?format=csv&columns[0][data]=Resource&columns[1][data]=After' });
    assert.ok(csv.rawPayload.toString('utf16le').includes(PRIVATE_BODY));
    const pdf = await shared.admin.inject({ url: '/api/common/report?filename=audit&stream=true&format=pdf&search[value]=messages' });
    assert.ok(pdfText(pdf.rawPayload).includes('Private title'), "in the table's PDF");
  });
});
