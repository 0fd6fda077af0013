CREATE TABLE "video_metric_days" (
	"merchant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	"plays" bigint DEFAULT 0 NOT NULL,
	"plays_jobs" integer DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"likes_jobs" integer DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"comments_jobs" integer DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"shares_jobs" integer DEFAULT 0 NOT NULL,
	"collections" bigint DEFAULT 0 NOT NULL,
	"collections_jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_metric_days_merchant_id_platform_day_pk" PRIMARY KEY("merchant_id","platform","day")
);
--> statement-breakpoint
ALTER TABLE "video_metric_days" ADD CONSTRAINT "video_metric_days_merchant_id_accounts_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps video_metric_days exact, one statement's readings at a time. A job counts on a day with
-- its last reading by the end of that day; readings added or removed from day D on change only
-- the job's contribution from D on. So for each job the statement touched, its daily last
-- readings from D on are compared as they are now and as they were (now without the added ones,
-- or with the removed ones), each as changes from its last reading before D, and the difference
-- is added to the merchant's day rows from D on, a row being made for each day a reading was
-- added on (it starts from the totals that stood before it).
CREATE OR REPLACE FUNCTION video_metric_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One merchant's totals move one statement at a time: a day row made beside another
  -- transaction's uncommitted change would start from totals without it.
  PERFORM pg_advisory_xact_lock(7501, m.merchant_id) FROM (SELECT DISTINCT merchant_id FROM changed ORDER BY 1) m;
  WITH touched AS (
    SELECT job_id, min(merchant_id) AS merchant_id, min(platform) AS platform, min((taken_at AT TIME ZONE 'UTC')::date) AS from_day
      FROM changed GROUP BY job_id
  ), now_readings AS (
    SELECT s.id, s.job_id, s.taken_at, s.plays, s.likes, s.comments, s.shares, s.collections
      FROM touched j JOIN video_metric_snapshots s ON s.job_id = j.job_id AND s.taken_at >= j.from_day::timestamp AT TIME ZONE 'UTC'
  ), readings AS (
    SELECT 1 AS side, n.* FROM now_readings n
    UNION ALL
    SELECT -1, n.* FROM now_readings n WHERE tg_op = 'DELETE' OR n.id NOT IN (SELECT id FROM changed)
    UNION ALL
    SELECT -1, c.id, c.job_id, c.taken_at, c.plays, c.likes, c.comments, c.shares, c.collections FROM changed c WHERE tg_op = 'DELETE'
  ), last_of_day AS (
    SELECT DISTINCT ON (side, job_id, (taken_at AT TIME ZONE 'UTC')::date)
           side, job_id, (taken_at AT TIME ZONE 'UTC')::date AS day, 1 AS jobs, coalesce(plays, 0) AS plays, (plays IS NOT NULL)::int AS plays_jobs, coalesce(likes, 0) AS likes, (likes IS NOT NULL)::int AS likes_jobs, coalesce(comments, 0) AS comments, (comments IS NOT NULL)::int AS comments_jobs, coalesce(shares, 0) AS shares, (shares IS NOT NULL)::int AS shares_jobs, coalesce(collections, 0) AS collections, (collections IS NOT NULL)::int AS collections_jobs
      FROM readings
     ORDER BY side, job_id, (taken_at AT TIME ZONE 'UTC')::date, taken_at DESC
  ), before_from AS (
    SELECT j.job_id, 1 AS jobs, coalesce(b.plays, 0) AS plays, (b.plays IS NOT NULL)::int AS plays_jobs, coalesce(b.likes, 0) AS likes, (b.likes IS NOT NULL)::int AS likes_jobs, coalesce(b.comments, 0) AS comments, (b.comments IS NOT NULL)::int AS comments_jobs, coalesce(b.shares, 0) AS shares, (b.shares IS NOT NULL)::int AS shares_jobs, coalesce(b.collections, 0) AS collections, (b.collections IS NOT NULL)::int AS collections_jobs
      FROM touched j
      JOIN LATERAL (
        SELECT plays, likes, comments, shares, collections FROM video_metric_snapshots s
         WHERE s.job_id = j.job_id AND s.taken_at < j.from_day::timestamp AT TIME ZONE 'UTC'
         ORDER BY s.taken_at DESC LIMIT 1
      ) b ON true
  ), changes AS (
    SELECT j.merchant_id, j.platform, l.day,
           l.side * (l.jobs - coalesce(lag(l.jobs) OVER w, b.jobs, 0)) AS jobs,
           l.side * (l.plays - coalesce(lag(l.plays) OVER w, b.plays, 0)) AS plays,
           l.side * (l.plays_jobs - coalesce(lag(l.plays_jobs) OVER w, b.plays_jobs, 0)) AS plays_jobs,
           l.side * (l.likes - coalesce(lag(l.likes) OVER w, b.likes, 0)) AS likes,
           l.side * (l.likes_jobs - coalesce(lag(l.likes_jobs) OVER w, b.likes_jobs, 0)) AS likes_jobs,
           l.side * (l.comments - coalesce(lag(l.comments) OVER w, b.comments, 0)) AS comments,
           l.side * (l.comments_jobs - coalesce(lag(l.comments_jobs) OVER w, b.comments_jobs, 0)) AS comments_jobs,
           l.side * (l.shares - coalesce(lag(l.shares) OVER w, b.shares, 0)) AS shares,
           l.side * (l.shares_jobs - coalesce(lag(l.shares_jobs) OVER w, b.shares_jobs, 0)) AS shares_jobs,
           l.side * (l.collections - coalesce(lag(l.collections) OVER w, b.collections, 0)) AS collections,
           l.side * (l.collections_jobs - coalesce(lag(l.collections_jobs) OVER w, b.collections_jobs, 0)) AS collections_jobs
      FROM last_of_day l JOIN touched j USING (job_id) LEFT JOIN before_from b USING (job_id)
    WINDOW w AS (PARTITION BY l.side, l.job_id ORDER BY l.day)
  ), per_day AS (
    SELECT merchant_id, platform, day, sum(jobs) AS jobs, sum(plays) AS plays, sum(plays_jobs) AS plays_jobs, sum(likes) AS likes, sum(likes_jobs) AS likes_jobs, sum(comments) AS comments, sum(comments_jobs) AS comments_jobs, sum(shares) AS shares, sum(shares_jobs) AS shares_jobs, sum(collections) AS collections, sum(collections_jobs) AS collections_jobs FROM changes GROUP BY merchant_id, platform, day
  ), targets AS (
    SELECT d.merchant_id, d.platform, d.day
      FROM video_metric_days d
      JOIN (SELECT merchant_id, platform, min(day) AS from_day FROM per_day GROUP BY merchant_id, platform) f USING (merchant_id, platform)
     WHERE d.day >= f.from_day
    UNION
    -- Removing readings makes no day row (a merchant being removed has lost its rows already).
    SELECT merchant_id, platform, day FROM per_day WHERE tg_op = 'INSERT'
  ), moved AS (
    SELECT t.merchant_id, t.platform, t.day, sum(coalesce(p.jobs, 0)) OVER r AS jobs, sum(coalesce(p.plays, 0)) OVER r AS plays, sum(coalesce(p.plays_jobs, 0)) OVER r AS plays_jobs, sum(coalesce(p.likes, 0)) OVER r AS likes, sum(coalesce(p.likes_jobs, 0)) OVER r AS likes_jobs, sum(coalesce(p.comments, 0)) OVER r AS comments, sum(coalesce(p.comments_jobs, 0)) OVER r AS comments_jobs, sum(coalesce(p.shares, 0)) OVER r AS shares, sum(coalesce(p.shares_jobs, 0)) OVER r AS shares_jobs, sum(coalesce(p.collections, 0)) OVER r AS collections, sum(coalesce(p.collections_jobs, 0)) OVER r AS collections_jobs
      FROM targets t LEFT JOIN per_day p USING (merchant_id, platform, day)
    WINDOW r AS (PARTITION BY t.merchant_id, t.platform ORDER BY t.day)
  )
  INSERT INTO video_metric_days AS d (merchant_id, platform, day, jobs, plays, plays_jobs, likes, likes_jobs, comments, comments_jobs, shares, shares_jobs, collections, collections_jobs)
  SELECT r.merchant_id, r.platform, r.day, coalesce(s.jobs, 0) + r.jobs, coalesce(s.plays, 0) + r.plays, coalesce(s.plays_jobs, 0) + r.plays_jobs, coalesce(s.likes, 0) + r.likes, coalesce(s.likes_jobs, 0) + r.likes_jobs, coalesce(s.comments, 0) + r.comments, coalesce(s.comments_jobs, 0) + r.comments_jobs, coalesce(s.shares, 0) + r.shares, coalesce(s.shares_jobs, 0) + r.shares_jobs, coalesce(s.collections, 0) + r.collections, coalesce(s.collections_jobs, 0) + r.collections_jobs
    FROM moved r
    LEFT JOIN LATERAL (
      SELECT * FROM video_metric_days x
       WHERE x.merchant_id = r.merchant_id AND x.platform = r.platform AND x.day <= r.day
       ORDER BY x.day DESC LIMIT 1
    ) s ON true
  ON CONFLICT (merchant_id, platform, day) DO UPDATE SET jobs = excluded.jobs, plays = excluded.plays, plays_jobs = excluded.plays_jobs, likes = excluded.likes, likes_jobs = excluded.likes_jobs, comments = excluded.comments, comments_jobs = excluded.comments_jobs, shares = excluded.shares, shares_jobs = excluded.shares_jobs, collections = excluded.collections, collections_jobs = excluded.collections_jobs;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER video_metric_snapshots_days_added
AFTER INSERT ON video_metric_snapshots REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION video_metric_days_apply();
--> statement-breakpoint
CREATE TRIGGER video_metric_snapshots_days_removed
AFTER DELETE ON video_metric_snapshots REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION video_metric_days_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION video_metric_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM video_metric_days;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE fires no row's trigger: with every reading gone, so are the totals.
CREATE TRIGGER video_metric_snapshots_days_cleared
AFTER TRUNCATE ON video_metric_snapshots
FOR EACH STATEMENT EXECUTE FUNCTION video_metric_days_clear();
--> statement-breakpoint
-- A reading is what a platform said at a time; a correction is a new reading, so the day totals
-- above never have to follow a changed one.
CREATE OR REPLACE FUNCTION video_metric_snapshots_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'video metric readings are not changed (% on %)', tg_op, tg_table_name USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER video_metric_snapshots_immutable BEFORE UPDATE ON video_metric_snapshots
FOR EACH ROW EXECUTE FUNCTION video_metric_snapshots_refuse_change();
--> statement-breakpoint
-- The totals rebuilt from every reading (for the readings taken before this migration, and for
-- an operator who doubts them): each job's last reading of each day, as the change from its
-- previous one, summed per merchant, platform and day and run up over the days.
CREATE OR REPLACE FUNCTION video_metric_days_rebuild() RETURNS void LANGUAGE sql AS $$
DELETE FROM video_metric_days;
INSERT INTO video_metric_days (merchant_id, platform, day, jobs, plays, plays_jobs, likes, likes_jobs, comments, comments_jobs, shares, shares_jobs, collections, collections_jobs)
SELECT merchant_id, platform, day,
       sum(sum(jobs)) OVER w, sum(sum(plays)) OVER w, sum(sum(plays_jobs)) OVER w, sum(sum(likes)) OVER w, sum(sum(likes_jobs)) OVER w,
       sum(sum(comments)) OVER w, sum(sum(comments_jobs)) OVER w, sum(sum(shares)) OVER w, sum(sum(shares_jobs)) OVER w,
       sum(sum(collections)) OVER w, sum(sum(collections_jobs)) OVER w
  FROM (
    SELECT merchant_id, platform, day,
           (lag(day) OVER j IS NULL)::int AS jobs,
           coalesce(plays, 0) - coalesce(lag(plays) OVER j, 0) AS plays, (plays IS NOT NULL)::int - (lag(plays) OVER j IS NOT NULL)::int AS plays_jobs,
           coalesce(likes, 0) - coalesce(lag(likes) OVER j, 0) AS likes, (likes IS NOT NULL)::int - (lag(likes) OVER j IS NOT NULL)::int AS likes_jobs,
           coalesce(comments, 0) - coalesce(lag(comments) OVER j, 0) AS comments, (comments IS NOT NULL)::int - (lag(comments) OVER j IS NOT NULL)::int AS comments_jobs,
           coalesce(shares, 0) - coalesce(lag(shares) OVER j, 0) AS shares, (shares IS NOT NULL)::int - (lag(shares) OVER j IS NOT NULL)::int AS shares_jobs,
           coalesce(collections, 0) - coalesce(lag(collections) OVER j, 0) AS collections, (collections IS NOT NULL)::int - (lag(collections) OVER j IS NOT NULL)::int AS collections_jobs
      FROM (
        SELECT DISTINCT ON (job_id, (taken_at AT TIME ZONE 'UTC')::date)
               job_id, merchant_id, platform, (taken_at AT TIME ZONE 'UTC')::date AS day, plays, likes, comments, shares, collections
          FROM video_metric_snapshots
         ORDER BY job_id, (taken_at AT TIME ZONE 'UTC')::date, taken_at DESC
      ) last_of_day
    WINDOW j AS (PARTITION BY job_id ORDER BY day)
  ) changes
 GROUP BY merchant_id, platform, day
WINDOW w AS (PARTITION BY merchant_id, platform ORDER BY day);
$$;
--> statement-breakpoint
SELECT video_metric_days_rebuild();
