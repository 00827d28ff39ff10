/** Content types of the image files operators may store as media (pack and card images), by extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** Images and the reveal videos: every file media:put takes. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ...IMAGE_TYPES,
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** The content type of a file name's extension (case ignored) in `table`, if it has one. */
export function contentTypeOf(fileName: string, table: Readonly<Record<string, string>> = MEDIA_TYPES): string | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? undefined : table[fileName.slice(dot).toLowerCase()];
}
