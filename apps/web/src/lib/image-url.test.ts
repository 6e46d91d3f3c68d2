import { describe, expect, it } from 'vitest';
import { imageUrlAtWidth } from './image-url';

describe('imageUrlAtWidth', () => {
  it('asks the image route for another width', () => {
    expect(imageUrlAtWidth('/api/images/6b012122e94500f21222e2d6?w=480', 160)).toBe('/api/images/6b012122e94500f21222e2d6?w=160');
    expect(imageUrlAtWidth('/api/images/6b012122e94500f21222e2d6', 160)).toBe('/api/images/6b012122e94500f21222e2d6?w=160');
  });

  it('leaves other addresses alone', () => {
    expect(imageUrlAtWidth('https://example.com/a.webp?w=480', 160)).toBe('https://example.com/a.webp?w=480');
  });
});
