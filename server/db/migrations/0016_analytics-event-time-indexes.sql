CREATE INDEX "certificates_created_brin" ON "certificates" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "completions_created_brin" ON "completions" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "enrolments_created_brin" ON "enrolments" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_created_brin" ON "quiz_attempts" USING brin ("created_at");