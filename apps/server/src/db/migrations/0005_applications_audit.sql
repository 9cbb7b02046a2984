-- The audit trail of an application is evidence: events are never rewritten. A submitted application is never
-- deleted (its events with it); only a draft, which nobody else has seen, may be deleted, taking its events along.
CREATE FUNCTION application_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id) THEN
    -- The cascade from deleting a draft (the trigger below allows only that): the parent row is already gone.
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'application events are append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER application_events_append_only
  BEFORE UPDATE OR DELETE ON application_events
  FOR EACH ROW EXECUTE FUNCTION application_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER application_events_no_truncate
  BEFORE TRUNCATE ON application_events
  FOR EACH STATEMENT EXECUTE FUNCTION application_events_refuse_change();
--> statement-breakpoint
CREATE FUNCTION applications_refuse_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' THEN
    RAISE EXCEPTION 'only a draft application can be deleted (status %)', OLD.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER applications_delete_only_drafts
  BEFORE DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_refuse_delete();
