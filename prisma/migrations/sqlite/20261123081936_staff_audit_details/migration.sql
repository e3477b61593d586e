-- AlterTable
ALTER TABLE "staff_audit_log" ADD COLUMN "details" JSONB;
