/**
 * The PostgreSQL side of the search index (used by the catalog migration): unaccent and pg_trgm
 * live in `public` (extensions are per database, shared by every schema), so every reference is
 * schema-qualified; an advisory lock keeps concurrent migrations (one schema per test file) from
 * racing on CREATE EXTENSION. The extensions are never dropped: other schemas may use them.
 */
import { sql, type Kysely } from 'kysely';

/** How many characters of each body are kept in `opening`, what the ranking reads of it. */
export const SEARCH_OPENING = 500;

/** Documents per search segment: 2^14 ids (see migration 2026-11-22T0990-search-segments). */
export const SEARCH_SEGMENT_BITS = 14;

/** A document's segment lexeme, `~N`, as a tsvector to append to a generated search vector. */
export const SEGMENT_LEXEME = `array_to_tsvector(array['~' || (id >> ${SEARCH_SEGMENT_BITS})::text])`;

export async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(4242001)`.execute(db);
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`
    create function kt_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, lower($1)) $$
  `.execute(db);
  await sql`
    alter table search_documents add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple'::regconfig, kt_unaccent(title)), 'A') ||
      setweight(to_tsvector('simple'::regconfig, kt_unaccent(body)), 'B')
    ) stored
  `.execute(db);
  await sql`create index search_documents_vector_idx on search_documents using gin (search_vector)`.execute(db);
  await sql`create index search_documents_trgm_idx on search_documents using gin (folded_title public.gin_trgm_ops)`.execute(
    db,
  );
}

export async function dropPostgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists search_documents_trgm_idx`.execute(db);
  await sql`drop index if exists search_documents_vector_idx`.execute(db);
  await sql`alter table search_documents drop column if exists search_vector`.execute(db);
  await sql`drop function if exists kt_unaccent(text)`.execute(db);
}
