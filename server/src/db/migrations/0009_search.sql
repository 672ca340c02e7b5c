-- Search (docs/product.md#search): trigram similarity for typos, on PGlite (db/client.ts loads the
-- extension) and on PostgreSQL (pg_trgm is a trusted extension: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"term" text PRIMARY KEY NOT NULL,
	"canonical" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trigrams_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "name" || ' ' || "name_ta" || ' ' || replace(replace("category", 'party-wear-', 'party-wear-gather-'), '-', ' ') || ' ' || "description" || ' ' || "description_ta")) WITH (fastupdate=false);--> statement-breakpoint
-- A product's search words (db/schema/catalog.ts products.search_vector), set on every insert and
-- every change of its text; each new word also goes into the catalog's words (searchWords), for
-- putting typos right.
CREATE FUNCTION "products_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" :=
    setweight(to_tsvector('simple'::regconfig, NEW."name" || ' ' || NEW."name_ta"), 'A') ||
    setweight(to_tsvector('simple'::regconfig, replace(replace(NEW."category", 'party-wear-', 'party-wear-gather-'), '-', ' ')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, NEW."description" || ' ' || NEW."description_ta"), 'C');
  INSERT INTO "search_words" ("word") SELECT lexeme FROM unnest(NEW."search_vector") ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search" BEFORE INSERT OR UPDATE OF "name", "name_ta", "description", "description_ta", "category"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search"();--> statement-breakpoint
-- The products already there (the trigger sets their words).
UPDATE "products" SET "name" = "name";--> statement-breakpoint
-- Common spellings of garment words, as people here type them, in English letters and in Tamil.
INSERT INTO "search_synonyms" ("term", "canonical") VALUES
	('chudidhar', 'chudithar'),
	('churidar', 'chudithar'),
	('churidhar', 'chudithar'),
	('chudidar', 'chudithar'),
	('churithar', 'chudithar'),
	('chudithaar', 'chudithar'),
	('chudi', 'chudithar'),
	('salwar', 'chudithar'),
	('salwaar', 'chudithar'),
	('kameez', 'chudithar'),
	('சுடிதார்', 'chudithar'),
	('சுரிதார்', 'chudithar'),
	('சுடி', 'chudithar'),
	('சல்வார்', 'chudithar'),
	('pavadai', 'pattupavadai'),
	('paavadai', 'pattupavadai'),
	('pattupaavadai', 'pattupavadai'),
	('pattu pavadai', 'pattupavadai'),
	('pattu paavadai', 'pattupavadai'),
	('pavada', 'pattupavadai'),
	('langa', 'pattupavadai'),
	('dhavani', 'pattupavadai'),
	('davani', 'pattupavadai'),
	('thavani', 'pattupavadai'),
	('half saree', 'pattupavadai'),
	('pavadai dhavani', 'pattupavadai'),
	('pavadai davani', 'pattupavadai'),
	('பட்டுப்பாவாடை', 'pattupavadai'),
	('பட்டு பாவாடை', 'pattupavadai'),
	('பாவாடை', 'pattupavadai'),
	('தாவணி', 'pattupavadai'),
	('பாவாடை தாவணி', 'pattupavadai'),
	('blowse', 'blouse'),
	('blouze', 'blouse'),
	('ravikkai', 'blouse'),
	('ravikai', 'blouse'),
	('ரவிக்கை', 'blouse'),
	('பிளவுஸ்', 'blouse'),
	('ப்ளவுஸ்', 'blouse'),
	('ari', 'aari'),
	('aary', 'aari'),
	('aari work', 'aari'),
	('ari work', 'aari'),
	('maggam', 'aari'),
	('ஆரி', 'aari'),
	('மக்கம்', 'aari'),
	('frok', 'frock'),
	('frak', 'frock'),
	('ஃபிராக்', 'frock'),
	('ஃப்ராக்', 'frock'),
	('பிராக்', 'frock'),
	('ப்ராக்', 'frock'),
	('கவுன்', 'gown'),
	('nighty', 'nightwear'),
	('nightie', 'nightwear'),
	('nighties', 'nightwear'),
	('nightdress', 'nightwear'),
	('night dress', 'nightwear'),
	('night wear', 'nightwear'),
	('நைட்டி', 'nightwear'),
	('இரவு உடை', 'nightwear'),
	('patiyala', 'patiala'),
	('pattiyala', 'patiala'),
	('patyala', 'patiala'),
	('palazo', 'palazzo'),
	('plazo', 'palazzo'),
	('பேண்ட்', 'pant'),
	('பேன்ட்', 'pant'),
	('பேண்ட்ஸ்', 'pant'),
	('பலாஸோ', 'palazzo'),
	('பலாசோ', 'palazzo'),
	('பட்டியாலா', 'patiala'),
	('sari', 'saree'),
	('saaree', 'saree'),
	('selai', 'saree'),
	('pudavai', 'saree'),
	('podavai', 'saree'),
	('புடவை', 'saree'),
	('சேலை', 'saree'),
	('kanji', 'kanchi'),
	('kanjeevaram', 'kanchi'),
	('kanjivaram', 'kanchi'),
	('kancheepuram', 'kanchi'),
	('kanchipuram', 'kanchi'),
	('pattu', 'silk'),
	('பட்டு', 'silk'),
	('paruthi', 'cotton'),
	('காட்டன்', 'cotton'),
	('பருத்தி', 'cotton'),
	('எம்பிராய்டரி', 'embroidery'),
	('jari', 'zari'),
	('ஜரி', 'zari'),
	('kalyanam', 'bridal'),
	('kalyana', 'bridal'),
	('marriage', 'bridal'),
	('muhurtham', 'bridal'),
	('கல்யாண', 'bridal'),
	('கல்யாணம்', 'bridal'),
	('திருமண', 'bridal'),
	('திருமணம்', 'bridal'),
	('முகூர்த்த', 'bridal'),
	('kuzhandhai', 'kids'),
	('kulandhai', 'kids'),
	('kulanthai', 'kids'),
	('kuzhanthai', 'kids'),
	('children', 'kids'),
	('குழந்தை', 'kids'),
	('குழந்தைகள்', 'kids'),
	('டிசைனர்', 'designer'),
	('டிசைன்', 'design'),
	('கழுத்து', 'neck'),
	('ஸ்லீவ்', 'sleeve'),
	('அம்ப்ரெல்லா', 'umbrella'),
	('குடை', 'umbrella'),
	('anarkali', 'umbrella'),
	('அனார்கலி', 'umbrella'),
	('கேதர்', 'gather'),
	('ஆலியா', 'aliya'),
	('மேக்ஸி', 'maxi'),
	('பால்', 'ball'),
	('ஃப்ளீட்', 'fleet'),
	('டிரெண்டிங்', 'trending'),
	('செமி', 'semi'),
	('பார்ட்டி', 'party'),
	('அன்றாட', 'casual'),
	('இரவு', 'night');