-- Money is evidence: ledger postings and entries, receipts, gateway events and fee settings are never rewritten.
CREATE FUNCTION money_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
CREATE TRIGGER receipts_append_only BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
CREATE TRIGGER payment_events_append_only BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fee_settings_append_only BEFORE UPDATE OR DELETE ON fee_settings
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION money_refuse_change();
--> statement-breakpoint
-- Double entry: at commit, every posting touched in the transaction sums to zero, or the whole transaction fails.
CREATE FUNCTION ledger_posting_must_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_paise), 0) INTO total FROM ledger_entries WHERE posting_id = NEW.posting_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance (off by % paise)', NEW.posting_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_must_balance();
