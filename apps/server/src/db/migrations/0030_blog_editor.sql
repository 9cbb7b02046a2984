CREATE TABLE "blog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_categories_name_key" ON "blog_categories" USING btree ("name");--> statement-breakpoint
INSERT INTO "blog_categories" ("name", "position")
SELECT "name", (row_number() OVER (ORDER BY "first_at"))::integer - 1
FROM (SELECT trim("category") AS "name", min("created_at") AS "first_at" FROM "blogs" WHERE trim("category") <> '' GROUP BY trim("category")) AS "existing"
ON CONFLICT DO NOTHING;
