ALTER TABLE "otp_challenges" DROP COLUMN "send_count";--> statement-breakpoint
ALTER TABLE "otp_challenges" DROP COLUMN "last_sent_at";