// The SQL of the client errors reported to IT (common/resources/user-errors.ts).
import { userErrors } from '../../common/resources/user-errors.ts';
import { defineResourceSql } from './resource-def.ts';

export const userErrorsDef = defineResourceSql(userErrors, {
  table: 'user_errors',
  alias: 'e',
  columns: {
    ErrorID: 'e.error_id',
    CreatedAt: 'e.created_at',
    UserName: 'e.user_name',
    Page: 'e.page',
    Url: 'e.url',
    Status: { sql: 'e.status', nullable: true },
    ErrorThrown: 'e.error_thrown',
    Message: 'e.message',
    ExceptionMessage: 'e.exception_message',
    ExceptionType: 'e.exception_type',
    StackTrace: 'e.stack_trace',
    UserAgent: 'e.user_agent',
    AppVersion: 'e.app_version',
  },
});
