ALTER TABLE "recording_manifests" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recording_manifests" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
-- Manifests stored before this migration: kept the default RECORDING_RETENTION_YEARS (10) from the act's end.
UPDATE "recording_manifests" SET "retain_until" = "created_at" + interval '10 years' WHERE "retain_until" IS NULL;
