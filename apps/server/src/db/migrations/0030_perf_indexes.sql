CREATE INDEX "boardings_type_page_idx" ON "boardings" USING btree ("visit_type_id",(case when "is_boarded" then 1 else 0 end),"entry_time","id");--> statement-breakpoint
CREATE INDEX "boardings_visit_idx" ON "boardings" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id");