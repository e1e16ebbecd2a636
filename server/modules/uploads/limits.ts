// How the server processes uploads (docs/decisions/0015-uploads.md says why).
// Learners open these files on cheap phones over metered data, so the limits are about what a page
// can afford to show, not what a disk can hold.

// The sizes and formats the staff console also checks before sending a file are in
// contract/media-rules.ts (one place for both sides); what only the server needs is here.

/**
 * A photo decodes to width x height x 4 bytes whatever its file size; 50 megapixels (about 200 MB
 * decoded) covers the 48 and 50 megapixel modes of phone cameras and refuses decompression bombs.
 * For an animated GIF the frames count together.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Widths of the WebP copies made of each photo. The site shows photos at 96 to 120 CSS pixels
 * (story and blog thumbnails), 400 (story page), 640 (course cards) and up to 1200 (blog, banner,
 * gallery and lightbox images, in a content column of 1160): 320 covers the thumbnails at twice the
 * density, 640 a phone's full width, 1280 the widest image on a computer.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/**
 * WebP qualities for photos, tried in turn only while a copy comes out heavier than the file as
 * uploaded (an already heavily compressed JPEG): 80 keeps a photo's detail; below 50 the loss shows.
 */
export const WEBP_QUALITIES = [80, 65, 50] as const;
