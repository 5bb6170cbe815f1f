-- The audit trail stays append-only, with one exception: a row older than six months (等保 2.0 keeps it
-- at least that long) may be deleted once archived, by a connection that says so with
-- hall.audit_archive = on. The application role holds no DELETE on the table (db/app-role.ts), so only
-- the owner's retention command (services/retention/audit-archive.ts) ever reaches this branch.
CREATE OR REPLACE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('hall.audit_archive', true) = 'on' AND OLD."at" < now() - interval '6 months' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_trail is append-only';
END;
$$;
