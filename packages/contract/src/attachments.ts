import { type Static, Type } from 'typebox';

/** A file on a case or a cycle result (docs/product/rich-cases.md, "Attachments"). */
export const Attachment = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  case_id: Type.Union([Type.Integer(), Type.Null()]),
  result_id: Type.Union([Type.Integer(), Type.Null()]),
  created_by: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  created_at: Type.String(),
  /** True for PNG, JPEG, GIF and WebP: the app shows these inline as thumbnails. */
  is_image: Type.Boolean(),
});
export type Attachment = Static<typeof Attachment>;

export const AttachmentList = Type.Object({ attachments: Type.Array(Attachment) });
export type AttachmentList = Static<typeof AttachmentList>;

export const AttachmentMutation = Type.Object({ message: Type.String(), attachment: Attachment });
export type AttachmentMutation = Static<typeof AttachmentMutation>;

/** The default of `ATTACHMENT_MAX_BYTES`: the largest file one upload may hold. */
export const ATTACHMENT_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;

/** The default of `ATTACHMENT_QUOTA_BYTES`: the most bytes of files one project may keep (1 GiB). */
export const ATTACHMENT_QUOTA_BYTES_DEFAULT = 1024 ** 3;
/** The largest `ATTACHMENT_QUOTA_BYTES` a server takes (1 TiB). */
export const ATTACHMENT_QUOTA_BYTES_MAX = 1024 ** 4;

/** How much of its attachment quota a project uses: complete files only, in bytes. */
export const AttachmentUsage = Type.Object({
  used_bytes: Type.Integer({ minimum: 0 }),
  quota_bytes: Type.Integer({ minimum: 1 }),
});
export type AttachmentUsage = Static<typeof AttachmentUsage>;

/** The answer of an upload: every file of the request, in the order sent. */
export const AttachmentsUploaded = Type.Object({
  message: Type.String(),
  attachments: Type.Array(Attachment),
});
export type AttachmentsUploaded = Static<typeof AttachmentsUploaded>;

/** Raster image types served inline (and shown as thumbnails); every other type is a download. */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** At most this many files in one upload request. */
export const ATTACHMENT_FILES_MAX = 20;

/** The most import cycles per branch, and days, a retention rule of CI evidence may keep. */
export const EVIDENCE_KEEP_CYCLES_MAX = 10_000;
export const EVIDENCE_KEEP_DAYS_MAX = 3650;

/**
 * A project's retention of CI evidence (docs/product/attachments.md, "Retention of CI evidence"):
 * the files on the results of import cycles are kept for the last `keep_cycles` import cycles of
 * each branch and for `keep_days` days; a file beyond either is removed. null keeps everything.
 */
export const EvidenceRetention = Type.Object(
  {
    keep_cycles: Type.Union([Type.Integer({ minimum: 1, maximum: EVIDENCE_KEEP_CYCLES_MAX }), Type.Null()]),
    keep_days: Type.Union([Type.Integer({ minimum: 1, maximum: EVIDENCE_KEEP_DAYS_MAX }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type EvidenceRetention = Static<typeof EvidenceRetention>;

export const EvidenceRetentionMutation = Type.Object({
  message: Type.String(),
  retention: EvidenceRetention,
});
export type EvidenceRetentionMutation = Static<typeof EvidenceRetentionMutation>;
