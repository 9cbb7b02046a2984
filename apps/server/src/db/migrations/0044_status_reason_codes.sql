ALTER TABLE "application_events" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
-- Backfill (decision 0092): the reasons the server wrote before this migration, recognised by their exact English
-- and by the status change they came with (a person's own words go only into cancelled and failed, which are matched
-- on the platform's own moves alone). Only the new columns are filled; what was written stays as it was, so the
-- append-only trigger is set aside for these statements alone.
ALTER TABLE "application_events" DISABLE TRIGGER "application_events_append_only";--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = 'start_notarization'
  WHERE "reason_code" IS NULL AND "to_status" = 'waiting_for_notary' AND "reason" = 'Start Notarization';--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = 'notary_accepted'
  WHERE "reason_code" IS NULL AND "to_status" = 'in_session' AND "reason" = 'A notary accepted the request';--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = 'identities_proved'
  WHERE "reason_code" IS NULL AND "to_status" = 'ready' AND "reason" = 'Every signatory has proved their identity';--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = 'reopened'
  WHERE "reason_code" IS NULL AND "to_status" = 'draft' AND "reason" = 'Reopened for editing before payment';--> statement-breakpoint
UPDATE "application_events"
  SET "reason_code" = 'no_notary',
    "reason_params" = jsonb_build_object('minutes', (regexp_match("reason", '^No notary accepted within (\d+) minutes$'))[1])
  WHERE "reason_code" IS NULL AND "to_status" = 'ready' AND "reason" ~ '^No notary accepted within \d+ minutes$';--> statement-breakpoint
UPDATE "application_events"
  SET "reason_code" = 'paid',
    "reason_params" = jsonb_build_object('receipt', (regexp_match("reason", '^Paid; receipt (\S+)$'))[1])
  WHERE "reason_code" IS NULL AND "to_status" = 'awaiting_identity' AND "reason" ~ '^Paid; receipt \S+$';--> statement-breakpoint
-- A notary's words may run over lines: in PostgreSQL's regular expressions "." matches a newline too.
UPDATE "application_events"
  SET "reason_code" = 'declined',
    "reason_params" = jsonb_build_object('reason', (regexp_match("reason", '^The notary declined: (.*)$'))[1])
  WHERE "reason_code" IS NULL AND "to_status" = 'ready' AND "reason" ~ '^The notary declined: ';--> statement-breakpoint
UPDATE "application_events"
  SET "reason_code" = 'sealed',
    "reason_params" = jsonb_build_object('code', (regexp_match("reason", '^Sealed by the notary \(verification code (\S+)\)$'))[1])
  WHERE "reason_code" IS NULL AND "to_status" = 'notarised'
    AND "reason" ~ '^Sealed by the notary \(verification code \S+\)$';--> statement-breakpoint
UPDATE "application_events"
  SET "reason_code" = 'abandoned',
    "reason_params" = jsonb_build_object('minutes', (regexp_match("reason", '^Nobody was in the session for (\d+) minutes$'))[1])
  WHERE "reason_code" IS NULL AND "to_status" = 'failed' AND "actor_role" = 'system'
    AND "reason" ~ '^Nobody was in the session for \d+ minutes$';--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = 'consent_withdrawn'
  WHERE "reason_code" IS NULL AND "to_status" = 'cancelled' AND "actor_role" = 'system'
    AND "reason" = 'Cancelled by Mohar: the account holder withdrew their consent.';--> statement-breakpoint
UPDATE "application_events" SET "reason_code" = 'erasure_asked'
  WHERE "reason_code" IS NULL AND "to_status" = 'cancelled' AND "actor_role" = 'system'
    AND "reason" = 'Cancelled by Mohar: the account holder asked for their data to be erased.';--> statement-breakpoint
ALTER TABLE "application_events" ENABLE TRIGGER "application_events_append_only";
