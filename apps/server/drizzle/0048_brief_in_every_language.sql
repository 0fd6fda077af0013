-- The brief's offer, call to action and hours become one text per video language (docs/decisions/077).
-- Each existing text moves to the language it is written in: Chinese when it has Han characters,
-- Spanish when Spanish's own letters and common words outweigh English ones (as language-detect.ts
-- decides), English otherwise; the other languages start empty.
CREATE FUNCTION "nearcast_text_language"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value ~ '[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]' THEN 'zh'
    WHEN regexp_count(lower(value), '[ñáéíóúü¿¡]') * 1.5
       + regexp_count(lower(value), '\m(el|la|los|las|de|del|y|para|con|en|tu|tus|su|sus|por|cada|gratis|hoy|ahora|llama|llámanos|pide|reserva|ven|abierto|lunes|martes|jueves|viernes|sábado|domingo|todos|todas|días|día|semana|un|una|al|nuestro|nuestra|es|son|que|más|solo|aquí|dos|tres|primera|clase|mesa|horario|llamar|mostrador)\M')
       > regexp_count(lower(value), '\m(the|and|for|to|of|with|at|on|in|your|our|every|off|free|call|order|book|today|now|an|is|are|we|you|get|come|open|daily|mon|tue|wed|thu|fri|sat|sun|am|pm|two|three|first|one|any|over|ahead|table|class|trial|counter)\M')
       + regexp_count(lower(value), '[''’](s|t|re|ll|ve|m)\M')
      THEN 'es'
    ELSE 'en'
  END
$$;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "hours" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "hours" TYPE jsonb USING
  '{"en":"","es":"","zh":""}'::jsonb || CASE WHEN btrim("hours") = '' THEN '{}'::jsonb ELSE jsonb_build_object("nearcast_text_language"("hours"), "hours") END;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "hours" SET DEFAULT '{"en":"","es":"","zh":""}'::jsonb;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "offer" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "offer" TYPE jsonb USING
  '{"en":"","es":"","zh":""}'::jsonb || CASE WHEN btrim("offer") = '' THEN '{}'::jsonb ELSE jsonb_build_object("nearcast_text_language"("offer"), "offer") END;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "offer" SET DEFAULT '{"en":"","es":"","zh":""}'::jsonb;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "call_to_action" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "call_to_action" TYPE jsonb USING
  '{"en":"","es":"","zh":""}'::jsonb || CASE WHEN btrim("call_to_action") = '' THEN '{}'::jsonb ELSE jsonb_build_object("nearcast_text_language"("call_to_action"), "call_to_action") END;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ALTER COLUMN "call_to_action" SET DEFAULT '{"en":"","es":"","zh":""}'::jsonb;
--> statement-breakpoint
ALTER TABLE "creative_briefs" ADD COLUMN "translated" jsonb DEFAULT '{"hours":[],"offer":[],"call_to_action":[]}'::jsonb NOT NULL;
--> statement-breakpoint
DROP FUNCTION "nearcast_text_language"(text);
