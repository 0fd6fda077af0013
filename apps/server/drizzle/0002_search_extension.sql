-- Trigram matching lets the list searches (ILIKE '%…%') use an index (see 0003).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
