/**
 * The roles that may open the studio at all: a module of its own, so the site header (in every
 * page's script) can show the "Studio" link without the permission table and its server imports.
 */
import type { Role } from '../../db/schema.ts';

export const STUDIO_ROLES: readonly Role[] = ['editor', 'admin', 'teacher'];
