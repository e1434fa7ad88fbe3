-- Trigram matching backs the case-insensitive "contains" search on contact names (GIN index in the next migration).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
