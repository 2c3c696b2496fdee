/** The personal-data pages, server side: the form schemas, and who may act in the studio. */
import type { AppLoadContext } from 'react-router';
import { requireStudio } from './guards.server';

export {
  adminRequestsQuery,
  breachBody,
  breachStateBody,
  consentBody,
  parentCodeBody,
  parentPhoneBody,
  runRequestBody,
} from '../modules/privacy/index.ts';

/** Whether the viewer may act on requests and breaches (privacy.write). */
export function mayActOnPrivacy(request: Request, context: AppLoadContext): boolean {
  try {
    requireStudio(request, context, 'privacy.write');
    return true;
  } catch {
    return false;
  }
}
