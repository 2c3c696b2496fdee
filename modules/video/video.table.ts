/**
 * The video module's tables: assets and captions (issue 6: the HLS pipeline) and resumable uploads, composed into
 * db/schema.ts.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

export type VideoAssetStatus = 'queued' | 'processing' | 'ready' | 'failed';

/** A source video given to a lesson, and its transcoding job. */
export interface VideoAssetsTable {
  id: Generated<number>;
  lesson_id: number;
  status: ColumnType<VideoAssetStatus, VideoAssetStatus | undefined, VideoAssetStatus>;
  source_key: string;
  progress_percent: Counter;
  attempts: Counter;
  last_error: string | null;
  run_after: Timestamp;
  lease_until: Timestamp | null;
  worker_id: string | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  has_audio: Flag;
  /** Rung heights, highest first, comma separated. */
  rungs: ColumnType<string, string | undefined, string>;
  ready_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideoCaptionsTable {
  asset_id: number;
  lang: string;
  label: string;
  storage_key: string;
  created_at: Timestamp;
}

/** A chunked upload of a lesson's video source: the bytes go to a file on disk, the row counts them. */
export interface VideoUploadsTable {
  id: string;
  course_id: number;
  lesson_id: number;
  user_id: number | null;
  /** The source file's extension (.mp4, .mov…) or ''. */
  extension: string;
  size: ColumnType<number, number, number>;
  received: ColumnType<number, number | undefined, number>;
  /** The video asset queued once every byte has arrived. */
  asset_id: number | null;
  /** S3 only (decision 0013): the source's object key and its multipart upload. */
  storage_key: string | null;
  multipart_id: string | null;
  /** S3 only: the bytes after the last whole part, waiting in their own object. */
  pending_key: string | null;
  pending_bytes: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The parts of a resumable upload's S3 multipart upload. */
export interface VideoUploadPartsTable {
  upload_id: string;
  part_number: number;
  etag: string;
  size: ColumnType<number, number, number>;
}

/** Composed into `Database` (db/schema.ts). */
export interface VideoTables {
  video_assets: VideoAssetsTable;
  video_uploads: VideoUploadsTable;
  video_upload_parts: VideoUploadPartsTable;
  video_captions: VideoCaptionsTable;
}

export type VideoAssetRow = Selectable<VideoAssetsTable>;
