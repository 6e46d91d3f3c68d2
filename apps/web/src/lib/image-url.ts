/**
 * The server keeps each image at a few widths and serves the closest one for `?w=`. List answers point at a
 * card-sized variant; small thumbnails ask for a smaller one. Other URLs are left as they are.
 */
export function imageUrlAtWidth(url: string, width: number): string {
  if (!url.startsWith('/api/images/')) return url;
  const [path = url, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('w', String(width));
  return `${path}?${params.toString()}`;
}
