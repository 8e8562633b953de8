-- A store's kept state code (migration 011) is never NULL: its foreign key over (state_id, state_code) is
-- MATCH FULL and state_id is NOT NULL. Said by the schema too, so that what the definitions say of their
-- columns is checked against the database rather than trusted (test/server/resources/schema-agrees.test.ts).
alter table stores alter column state_code set not null;
