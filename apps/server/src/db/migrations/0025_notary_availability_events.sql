CREATE TABLE "notary_availability_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notary_id" uuid NOT NULL,
	"is_online" boolean NOT NULL,
	"working_from" text NOT NULL,
	"working_to" text NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notary_availability_events" ADD CONSTRAINT "notary_availability_events_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notary_availability_events_notary_idx" ON "notary_availability_events" USING btree ("notary_id","created_at");--> statement-breakpoint
-- A notary's availability history is what the console shows compliance: never rewritten or removed.
CREATE FUNCTION notary_availability_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'notary availability events are append-only (% refused)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notary_availability_events_append_only
  BEFORE UPDATE OR DELETE ON notary_availability_events
  FOR EACH ROW EXECUTE FUNCTION notary_availability_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER notary_availability_events_no_truncate
  BEFORE TRUNCATE ON notary_availability_events
  FOR EACH STATEMENT EXECUTE FUNCTION notary_availability_events_refuse_change();
