-- A client error report carries the failed request's id (issue 40), which IT looks up in the server's log;
-- empty for a report of no request (a script error) and for the reports stored before.
alter table user_errors add column request_id text not null default '';
