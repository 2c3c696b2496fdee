/** The HTTP kernel: answer envelopes, paged lists, CSV downloads and form fields, shared by every module. */
export { envelope } from './envelope.ts';
export { listEnvelope, listMeta, listOf, pageMeta, pageQuery, publicPageQuery } from './lists.ts';
export { parseCsv, sendCsv, toCsv, type CsvRow } from './csv.ts';
export { adminSecurity, guardAdminRoutes } from './admin.ts';
export { registerCrud } from './crud.ts';
export {
  address,
  ADDRESS,
  blankToNull,
  flag,
  idParam,
  idParams,
  listQuery,
  optionalId,
  optionalText,
  position,
  requiredText,
} from './forms.ts';
export { requestMeta, requireApiViewer } from './guards.ts';
export { contentFields, deletedSchema, SLUG_MESSAGE, slugPattern } from './content-fields.ts';
