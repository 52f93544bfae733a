CREATE TABLE "billing_customers" (
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_company_id_provider_pk" PRIMARY KEY("company_id","provider")
);
--> statement-breakpoint
CREATE TABLE "billing_setup_intents" (
	"provider" text NOT NULL,
	"setup_intent_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_setup_intents_provider_setup_intent_id_pk" PRIMARY KEY("provider","setup_intent_id")
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boost_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_post_id" uuid NOT NULL,
	"tier_id" text NOT NULL,
	"length_days" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"list_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"payment_method_id" uuid,
	"idempotency_key" text NOT NULL,
	"first_payment_id" text,
	"client_secret" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_details" text,
	"ended_at" timestamp with time zone,
	"pending_tier_id" text,
	"pending_length_days" smallint,
	"pending_price_cents" integer,
	"pending_list_cents" integer,
	"retry_count" smallint DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"provider_updated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boost_tier_prices" (
	"tier_id" text NOT NULL,
	"length_days" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "boost_tier_prices_tier_id_length_days_pk" PRIMARY KEY("tier_id","length_days")
);
--> statement-breakpoint
CREATE TABLE "boost_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"placements" text[] NOT NULL,
	"position" smallint NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"subscription_id" uuid,
	"job_post_id" uuid,
	"job_title" text,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"company_name" text NOT NULL,
	"company_address" text,
	"card_brand" text,
	"card_last4" text,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"provider_invoice_id" text,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "job_counts_hourly" (
	"job_post_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "job_counts_hourly_job_post_id_kind_hour_pk" PRIMARY KEY("job_post_id","kind","hour")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_processor_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_subscriptions" ADD CONSTRAINT "boost_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_subscriptions" ADD CONSTRAINT "boost_subscriptions_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_subscriptions" ADD CONSTRAINT "boost_subscriptions_tier_id_boost_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."boost_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_subscriptions" ADD CONSTRAINT "boost_subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_subscriptions" ADD CONSTRAINT "boost_subscriptions_pending_tier_id_boost_tiers_id_fk" FOREIGN KEY ("pending_tier_id") REFERENCES "public"."boost_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_subscriptions" ADD CONSTRAINT "boost_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boost_tier_prices" ADD CONSTRAINT "boost_tier_prices_tier_id_boost_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."boost_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_boost_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."boost_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_provider_key" ON "billing_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "billing_setup_intents_company_idx" ON "billing_setup_intents" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boost_subscriptions_idempotency_key" ON "boost_subscriptions" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "boost_subscriptions_current_job_key" ON "boost_subscriptions" USING btree ("job_post_id") WHERE status in ('incomplete', 'active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "boost_subscriptions_provider_key" ON "boost_subscriptions" USING btree ("provider","provider_subscription_id") WHERE provider_subscription_id is not null;--> statement-breakpoint
CREATE INDEX "boost_subscriptions_company_idx" ON "boost_subscriptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "boost_subscriptions_due_idx" ON "boost_subscriptions" USING btree ("current_period_end") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "boost_subscriptions_retry_idx" ON "boost_subscriptions" USING btree ("next_retry_at") WHERE status = 'past_due';--> statement-breakpoint
CREATE INDEX "boost_subscriptions_incomplete_idx" ON "boost_subscriptions" USING btree ("created_at") WHERE status = 'incomplete';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_key" ON "invoices" USING btree ("provider","provider_invoice_id") WHERE provider_invoice_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_period_key" ON "invoices" USING btree ("subscription_id","period_start") WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issued_at" DESC NULLS LAST,"number" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_key" ON "payment_methods" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_default_key" ON "payment_methods" USING btree ("company_id","provider") WHERE is_default;--> statement-breakpoint
CREATE INDEX "payment_methods_company_idx" ON "payment_methods" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_processor_objects_idempotency_key" ON "test_processor_objects" USING btree ("idempotency_key");