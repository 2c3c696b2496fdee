// The owner of every table of `Database` (db/schema.ts): the one module folder (`modules/<name>/`)
// whose code writes it and whose service answers reads of it for other modules (issue 19, decision
// 0016 "Table ownership"). Owners follow where the table's rules live (its repository and service,
// its migration, the domains table of docs/architecture.md) and, where the studio still edits a
// table, the moves issue 19 names. `npm run lint:tables` checks every query against this map; a
// unit test keeps it equal to the tables of db/schema.ts, one owner each, no exceptions.
export const tableOwners: Record<string, string> = {
  // accounts: users, roles and locking (issue 19), sign-in state.
  users: 'accounts',
  sessions: 'accounts',
  otp_codes: 'accounts',
  verify_tokens: 'accounts',
  // identity: linked Google/Facebook accounts.
  social_accounts: 'identity',
  // notifications: a learner's notifications, Web Push and broadcasts (sent as queued batches).
  notifications: 'notifications',
  push_subscriptions: 'notifications',
  broadcasts: 'notifications',
  // messaging: the outbox of SMS and e-mails.
  outbox_messages: 'messaging',
  zns_tokens: 'messaging',
  // site: settings, menus, banners, route rules (issue 19 moves the studio's editing here).
  site_settings: 'site',
  navigation_items: 'site',
  banners: 'site',
  route_rules: 'site',
  // catalog: teachers, subjects, categories, courses, packages, lessons, combos (issue 19), follows and views.
  categories: 'catalog',
  subjects: 'catalog',
  teachers: 'catalog',
  courses: 'catalog',
  course_subjects: 'catalog',
  course_children: 'catalog',
  course_pods: 'catalog',
  lessons: 'catalog',
  subject_likes: 'catalog',
  course_views: 'catalog',
  // content: posts of every type (solutions included), hashtags, media lists, generic pages (issue 19).
  posts: 'content',
  post_tags: 'content',
  tags: 'content',
  media: 'content',
  pages: 'content',
  // support: help articles, contact form and the support desk (issue 19).
  support_articles: 'support',
  support_requests: 'support',
  support_request_notes: 'support',
  // search: the one index over courses, posts and help articles.
  search_documents: 'search',
  // cart.
  carts: 'cart',
  cart_items: 'cart',
  // promotions: codes, their scope and their uses.
  promotions: 'promotions',
  promotion_targets: 'promotions',
  promotion_usages: 'promotions',
  // orders: orders and their lines (affiliates' `orders.affiliate_id` included).
  orders: 'orders',
  order_items: 'orders',
  // payments: attempts, raw gateway callbacks, queries and refunds — only payments writes them (issue 19).
  payments: 'payments',
  payment_notifications: 'payments',
  payment_queries: 'payments',
  payment_refunds: 'payments',
  // invoices: e-invoices of paid orders, the company details asked at checkout, numbering, the simulator's register.
  invoices: 'invoices',
  invoice_requests: 'invoices',
  invoice_sequences: 'invoices',
  invoice_simulator_issues: 'invoices',
  // privacy: consents, export and deletion requests, parents' consents, breach records (decision 0024).
  privacy_consents: 'privacy',
  privacy_requests: 'privacy',
  privacy_parental_consents: 'privacy',
  privacy_breaches: 'privacy',
  // enrolments: who may study what.
  enrolments: 'enrolments',
  // activation: codes and their redemptions.
  activation_codes: 'activation',
  activation_redemptions: 'activation',
  // campaigns: landing pages of courses and promotions.
  campaigns: 'campaigns',
  campaign_items: 'campaigns',
  // subscriptions: carrier-billed packages, charges and inbound SMS.
  subscriptions: 'subscriptions',
  carrier_charges: 'subscriptions',
  carrier_sms_inbound: 'subscriptions',
  // learning: lesson and course progress.
  lesson_progress: 'learning',
  course_progress: 'learning',
  // quizzes: quiz settings, questions, options (issue 19: quiz editing moves here) and attempts.
  quizzes: 'quizzes',
  quiz_questions: 'quizzes',
  quiz_options: 'quizzes',
  quiz_attempts: 'quizzes',
  // discussion: notes, comments, lesson error reports (issue 19).
  lesson_notes: 'discussion',
  lesson_comments: 'discussion',
  lesson_error_reports: 'discussion',
  // reviews: written only by reviews (issue 19).
  course_reviews: 'reviews',
  // certificates.
  certificates: 'certificates',
  // video: assets, captions and resumable uploads (issue 19 moves uploads here).
  video_assets: 'video',
  video_captions: 'video',
  video_uploads: 'video',
  video_upload_parts: 'video',
  // studio: only what spans domains.
  audit_log: 'studio',
  // affiliates.
  affiliates: 'affiliates',
  affiliate_clicks: 'affiliates',
  affiliate_commissions: 'affiliates',
  affiliate_payouts: 'affiliates',
  // partnerships: requests to work together.
  partnership_requests: 'partnerships',
  // offline: modules/offline/offline.table.ts (issue 21).
  offline_licences: 'offline',
  offline_sync_ops: 'offline',
  // exams: modules/exams/exams.table.ts.
  exams: 'exams',
  exam_parts: 'exams',
  exam_passages: 'exams',
  exam_questions: 'exams',
  exam_contests: 'exams',
  exam_attempts: 'exams',
  exam_answers: 'exams',
  exam_reminders: 'exams',
  // jobs: modules/jobs/jobs.table.ts (the SQLite runner).
  jobs: 'jobs',
  job_periods: 'jobs',
  // transfers: modules/transfers/transfers.table.ts (bank credits for VietQR transfers, statement reconciliation runs).
  bank_credits: 'transfers',
  bank_statement_runs: 'transfers',
};
