CREATE TABLE "data_export_chunks" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "data_export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
ALTER TABLE "data_export_chunks" ADD CONSTRAINT "data_export_chunks_export_id_data_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A finished export made before this change keeps its file, as its only piece.
INSERT INTO "data_export_chunks" ("export_id", "seq", "data") SELECT "id", 0, "file" FROM "data_exports" WHERE "file" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" DROP COLUMN "file";