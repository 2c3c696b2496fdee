/** The HTTP kernel: answer envelopes, paged lists and CSV downloads, shared by every module. */
export { envelope } from './envelope.ts';
export { listEnvelope, listMeta, listOf, pageMeta, pageQuery, publicPageQuery } from './lists.ts';
export { sendCsv, toCsv } from './csv.ts';
