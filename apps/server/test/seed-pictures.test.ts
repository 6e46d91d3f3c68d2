// The seeded menu's pictures as the shop shows them: square (object-fit: cover on the menu cards, the back office's
// list and the cart), so only the centred 360 px of each 480 x 360 drawing is seen. Drawn and encoded as the seed
// does (draw.ts, then processImage), decoded back to pixels.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '@shop/shared/domain/catalogue';
import { ART_HEIGHT, ART_WIDTH, drawCategory, drawProduct, splitTitle, titleLines } from '../src/db/seed/draw';
import { MENU_PRODUCTS, type MenuProduct } from '../src/db/seed/menu';
import { processImage } from '../src/images/process';

const SQUARE_LEFT = (ART_WIDTH - ART_HEIGHT) / 2;
const SQUARE_RIGHT = SQUARE_LEFT + ART_HEIGHT;

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function rendered(product: MenuProduct): Promise<Pixels> {
  return renderedSvg(drawProduct(product));
}

async function renderedSvg(svg: string): Promise<Pixels> {
  const image = await processImage(Buffer.from(svg));
  const { data, info } = await sharp(image.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([ART_WIDTH, ART_HEIGHT]);
  return { data, width: info.width, height: info.height };
}

function countWhere(pixels: Pixels, where: (x: number, y: number) => boolean, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let y = 0; y < pixels.height; y += 1) {
    for (let x = 0; x < pixels.width; x += 1) {
      const at = (y * pixels.width + x) * 3;
      if (where(x, y) && test(pixels.data[at]!, pixels.data[at + 1]!, pixels.data[at + 2]!)) n += 1;
    }
  }
  return n;
}

/** Pixels in rows [top, bottom) matching `test`, counted inside and outside the visible square. */
function count(
  pixels: Pixels,
  top: number,
  bottom: number,
  test: (r: number, g: number, b: number) => boolean,
): { inside: number; outside: number } {
  const rows = (y: number) => y >= top && y < bottom;
  const inSquare = (x: number) => x >= SQUARE_LEFT && x < SQUARE_RIGHT;
  return {
    inside: countWhere(pixels, (x, y) => rows(y) && inSquare(x), test),
    outside: countWhere(pixels, (x, y) => rows(y) && !inSquare(x), test),
  };
}

// The title's white lettering (anti-aliased edges aside) on the dark band.
const lettering = (r: number, g: number, b: number) => r > 200 && g > 200 && b > 200;
// The deal badge's yellow (#f4d03f) and a pizza's crust (#e0a458).
const near = (colour: [number, number, number]) => (r: number, g: number, b: number) =>
  Math.abs(r - colour[0]) < 24 && Math.abs(g - colour[1]) < 24 && Math.abs(b - colour[2]) < 24;
const badgeYellow = near([0xf4, 0xd0, 0x3f]);
const crust = near([0xe0, 0xa4, 0x58]);

/** The bottom band the title sits on (at most two lines), where only lettering is white. */
const BAND_TOP = ART_HEIGHT - 100;
/** A one-line title's band: no drawing reaches it, so anything white there is lettering. */
const ONE_LINE_BAND_TOP = ART_HEIGHT - 62;
/** Where the word DEAL sits on the deal badge's yellow star: dark blue (#283593) ink there is lettering. */
const onBadgeWord = (x: number, y: number) => x >= ART_WIDTH / 2 - 20 && x < ART_WIDTH / 2 + 20 && y >= 50 && y < 68;
const blueInk = (r: number, _g: number, b: number) => b > r;

describe('titles on the seeded pictures', () => {
  it('split at the space nearest the middle', () => {
    expect(splitTitle('Buxton Sparkling Water 500ml')).toEqual(['Buxton Sparkling', 'Water 500ml']);
    expect(splitTitle('Margherita')).toBeNull();
    expect(titleLines('Margherita')).toEqual({ lines: ['Margherita'], size: 34 });
    expect(titleLines('Buxton Sparkling Water 500ml').lines).toEqual(['Buxton Sparkling', 'Water 500ml']);
  });

  // Every product: before, long titles ran past the square ("uxton Sparkling Water 500r" on a phone).
  it.each(MENU_PRODUCTS.map((product) => [product.title, product] as const))(
    '%s: the whole title is inside the square',
    async (_title, product) => {
      const pixels = await rendered(product);
      const white = count(pixels, BAND_TOP, ART_HEIGHT, lettering);
      expect(white.inside, 'the title is drawn (a font is installed)').toBeGreaterThan(150);
      expect(white.outside).toBe(0);
    },
  );
});

describe('deal pictures', () => {
  const deals = MENU_PRODUCTS.filter((product) => product.category === 'Deals');

  it.each(deals.map((deal) => [deal.title, deal] as const))('%s: the badge and every pizza are inside the square', async (_title, deal) => {
    const pixels = await rendered(deal);
    const badge = count(pixels, 0, BAND_TOP, badgeYellow);
    expect(badge.inside).toBeGreaterThan(500);
    expect(badge.outside).toBe(0);
    // The card's favourite heart sits over the square's top right corner: the badge keeps out of it.
    expect(countWhere(pixels, (x, y) => x >= SQUARE_RIGHT - 90 && y < 110, badgeYellow)).toBe(0);
    expect(countWhere(pixels, onBadgeWord, blueInk), 'the word DEAL on the badge').toBeGreaterThan(60);
    const crustPixels = count(pixels, 0, BAND_TOP, crust);
    expect(crustPixels.inside).toBeGreaterThan(1000);
    expect(crustPixels.outside).toBe(0);
  });
});

// The menu shows a category's picture as a small circle with the category's name beneath it. Before, each picture
// also carried the name as a caption: too small to read, cut by the circle ('ides To Shar') and said again below.
describe('category pictures', () => {
  it.each(CATEGORY_NAMES.map((name) => [name] as const))('%s: no lettering', async (name) => {
    const pixels = await renderedSvg(drawCategory(name));
    expect(count(pixels, ONE_LINE_BAND_TOP, ART_HEIGHT, lettering), 'a caption along the bottom').toEqual({ inside: 0, outside: 0 });
    if (name === 'Deals') {
      expect(countWhere(pixels, onBadgeWord, badgeYellow), 'the badge is drawn').toBeGreaterThan(500);
      expect(countWhere(pixels, onBadgeWord, blueInk), 'a word on the badge').toBe(0);
    }
  });
});
