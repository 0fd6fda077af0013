-- The day totals' trigger (0041) locked each merchant a statement touched until its transaction
-- ended: a bulk write or delete of readings (the scale seed's 25,000 merchants in one
-- transaction) needed a lock each and ran out of the shared lock table. It now locks one of 64
-- keys per merchant, and plans its statement for each batch's size (docs/decisions/068); what
-- it computes is unchanged.
CREATE OR REPLACE FUNCTION video_metric_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One merchant's totals move one statement at a time: a day row made beside another
  -- transaction's uncommitted change would start from totals without it, and a job's change
  -- computed beside another's uncommitted reading of it would miss that reading. The lock is one
  -- of 64 keys, the merchant's id modulo 64, taken in key order: two statements of one merchant
  -- share its key, and however many merchants a statement touches, its transaction holds at
  -- most 64 of them (one per merchant ran out of PostgreSQL's shared lock table at ~6,400).
  PERFORM pg_advisory_xact_lock(7501, k.key) FROM (SELECT DISTINCT merchant_id % 64 AS key FROM changed ORDER BY 1) k;
  -- Planned afresh each time (EXECUTE): a plan kept by the session from its first statements
  -- (one reading, a few rows in each table) loops over every reading for each job a later bulk
  -- statement touches, minutes instead of seconds for 10,000 jobs.
  EXECUTE $q$
    WITH touched AS (
      SELECT job_id, min(merchant_id) AS merchant_id, min(platform) AS platform, min((taken_at AT TIME ZONE 'UTC')::date) AS from_day
        FROM changed GROUP BY job_id
    ), now_readings AS (
      SELECT s.id, s.job_id, s.taken_at, s.plays, s.likes, s.comments, s.shares, s.collections
        FROM touched j JOIN video_metric_snapshots s ON s.job_id = j.job_id AND s.taken_at >= j.from_day::timestamp AT TIME ZONE 'UTC'
    ), readings AS (
      SELECT 1 AS side, n.* FROM now_readings n
      UNION ALL
      SELECT -1, n.* FROM now_readings n WHERE $1 = 'DELETE' OR n.id NOT IN (SELECT id FROM changed)
      UNION ALL
      SELECT -1, c.id, c.job_id, c.taken_at, c.plays, c.likes, c.comments, c.shares, c.collections FROM changed c WHERE $1 = 'DELETE'
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
      SELECT merchant_id, platform, day FROM per_day WHERE $1 = 'INSERT'
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
    ON CONFLICT (merchant_id, platform, day) DO UPDATE SET jobs = excluded.jobs, plays = excluded.plays, plays_jobs = excluded.plays_jobs, likes = excluded.likes, likes_jobs = excluded.likes_jobs, comments = excluded.comments, comments_jobs = excluded.comments_jobs, shares = excluded.shares, shares_jobs = excluded.shares_jobs, collections = excluded.collections, collections_jobs = excluded.collections_jobs
  $q$ USING tg_op;
  RETURN NULL;
END;
$$;
