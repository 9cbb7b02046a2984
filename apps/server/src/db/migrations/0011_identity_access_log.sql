CREATE TABLE "identity_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"reader_role" text NOT NULL,
	"reader_user_id" uuid,
	"reason" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_access_log" ADD CONSTRAINT "identity_access_log_document_id_identity_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."identity_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_access_log" ADD CONSTRAINT "identity_access_log_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_access_log_document_idx" ON "identity_access_log" USING btree ("document_id","created_at");--> statement-breakpoint
-- The access log is evidence: never rewritten.
CREATE TRIGGER identity_access_log_append_only BEFORE UPDATE OR DELETE ON identity_access_log
  FOR EACH ROW EXECUTE FUNCTION money_refuse_change();
