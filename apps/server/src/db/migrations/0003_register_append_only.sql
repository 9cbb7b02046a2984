-- The notarial register is append-only (Notaries Rules 1956: a register is kept, not rewritten). The trigger holds
-- for every path into the database, including a mistaken query or a future feature.
CREATE FUNCTION notary_register_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'notary register entries are append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notary_register_entries_append_only
  BEFORE UPDATE OR DELETE ON notary_register_entries
  FOR EACH ROW EXECUTE FUNCTION notary_register_refuse_change();
--> statement-breakpoint
CREATE TRIGGER notary_register_entries_no_truncate
  BEFORE TRUNCATE ON notary_register_entries
  FOR EACH STATEMENT EXECUTE FUNCTION notary_register_refuse_change();
