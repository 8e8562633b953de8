-- The rows kept for an undo, by the audit entry each names (026's change_undo_rows.audit_id). No query of the
-- app reads them by it (an undo reads its rows by undo_id, the primary key's first column), but its foreign
-- key does: each audit entry deleted has PostgreSQL delete the undo rows naming it (on delete cascade), which
-- without an index read the whole table once per entry deleted. Like audit_log_undoes_idx (036), for the key.
create index change_undo_rows_audit_idx on change_undo_rows (audit_id);
