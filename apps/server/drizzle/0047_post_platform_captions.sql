ALTER TABLE "video_posts" ADD COLUMN "platform_captions" jsonb DEFAULT '[]'::jsonb NOT NULL;
