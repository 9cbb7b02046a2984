CREATE TABLE "session_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"notary_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_ratings_stars_range" CHECK ("session_ratings"."stars" between 1 and 5),
	CONSTRAINT "session_ratings_comment_length" CHECK (char_length("session_ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_notary_id_notary_profiles_user_id_fk" FOREIGN KEY ("notary_id") REFERENCES "public"."notary_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_ratings_application_key" ON "session_ratings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "session_ratings_notary_idx" ON "session_ratings" USING btree ("notary_id","created_at");