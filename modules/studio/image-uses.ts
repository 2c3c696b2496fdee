/**
 * What a studio image is for, and the size it is stored at (width × height in pixels). The banner
 * sizes keep the shapes the public banner slot reserves (PC 3:1, phone 3:2). Shared by the crop
 * endpoint and the crop box in the browser.
 */
export const IMAGE_USES = {
  banner_pc: { width: 1920, height: 640, label: 'Banner máy tính (3:1)' },
  banner_mobile: { width: 750, height: 500, label: 'Banner điện thoại (3:2)' },
  course_cover: { width: 1280, height: 720, label: 'Ảnh bìa khóa học (16:9)' },
  teacher_avatar: { width: 512, height: 512, label: 'Ảnh giảng viên (1:1)' },
} as const;
export type ImageUse = keyof typeof IMAGE_USES;
