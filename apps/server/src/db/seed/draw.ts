import type { CategoryName, MenuProduct } from './menu';

// Pictures for the seeded menu, drawn as SVG so a fresh install needs no downloads and no licences.
export const ART_WIDTH = 480;
export const ART_HEIGHT = 360;
/**
 * The shop shows a product's picture square (menu cards, the back office's list, the cart's thumbnail: CSS
 * `object-fit: cover`), so only the centred ART_HEIGHT-wide square is seen: what must be seen (the title, the deal
 * badge, every pizza of a deal) stays inside it, with this margin.
 */
const SQUARE_MARGIN = 12;
/** Width of a title line: the square less its margins. */
const TITLE_WIDTH = ART_HEIGHT - 2 * SQUARE_MARGIN;
/** Average advance of a bold sans character (DejaVu Sans Bold, the widest face a server may have), in em. */
const BOLD_EM_PER_CHAR = 0.62;

const BACKGROUNDS: Record<CategoryName, string> = {
  Pizza: '#b03a2e',
  Wings: '#9c4a1a',
  Vegan: '#1e8449',
  Sides: '#b9770e',
  Shakes: '#884ea0',
  Deals: '#283593',
  Nachos: '#ca6f1e',
  'Sides To Share': '#7b241c',
  Drinks: '#1f618d',
  Desserts: '#6c3483',
  Dips: '#117864',
  Crust: '#935116',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** A small deterministic generator so every drawing is the same on every start (and cacheable). */
function seededRandom(text: string): () => number {
  let state = 2166136261;
  for (const ch of text) state = Math.imul(state ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pizzaArt(cx: number, cy: number, r: number, topping: string, random: () => number, vegan = false): string {
  const dots: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const angle = random() * Math.PI * 2;
    const dist = Math.sqrt(random()) * (r - 34);
    const x = (cx + Math.cos(angle) * dist).toFixed(1);
    const y = (cy + Math.sin(angle) * dist).toFixed(1);
    dots.push(`<circle cx="${x}" cy="${y}" r="${(r / 11).toFixed(1)}" fill="${topping}" stroke="#00000033" stroke-width="2"/>`);
  }
  const leaf = vegan
    ? `<path d="M${cx + r - 10} ${cy - r + 4} q40 -10 44 30 q-40 10 -44 -30z" fill="#58d68d" stroke="#145a32" stroke-width="3"/>`
    : '';
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#e0a458" stroke="#b9770e" stroke-width="6"/>
<circle cx="${cx}" cy="${cy}" r="${r - 16}" fill="#c0392b"/>
<circle cx="${cx}" cy="${cy}" r="${r - 24}" fill="#f9e79f" opacity="0.9"/>${dots.join('')}${leaf}`;
}

function wingsArt(colour: string): string {
  const stick = (x: number, y: number, rot: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})"><rect x="40" y="-7" width="50" height="14" rx="7" fill="#fdf2e9"/>` +
    `<circle cx="92" cy="-9" r="10" fill="#fdf2e9"/><circle cx="92" cy="9" r="10" fill="#fdf2e9"/>` +
    `<ellipse cx="0" cy="0" rx="60" ry="38" fill="${colour}" stroke="#00000040" stroke-width="4"/></g>`;
  return stick(170, 110, -20) + stick(250, 160, 15) + stick(160, 210, 5);
}

function friesArt(colour: string): string {
  const sticks = Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="${178 + i * 18}" y="${60 + (i % 3) * 12}" width="14" height="120" rx="4" fill="${colour}" stroke="#00000030" stroke-width="2"/>`,
  );
  return `${sticks.join('')}<path d="M165 140 L315 140 L295 280 L185 280 Z" fill="#e74c3c" stroke="#fdfefe" stroke-width="5"/>
<circle cx="240" cy="205" r="26" fill="#f4d03f"/>`;
}

function shakeArt(colour: string): string {
  return `<rect x="250" y="30" width="12" height="110" rx="5" fill="#f5b7b1" transform="rotate(12 256 85)"/>
<ellipse cx="240" cy="95" rx="70" ry="32" fill="#fdfefe"/>
<path d="M170 100 L310 100 L290 280 L190 280 Z" fill="${colour}" stroke="#fdfefe" stroke-width="6"/>
<circle cx="240" cy="66" r="14" fill="#c0392b"/>`;
}

function nachosArt(colour: string, random: () => number): string {
  const chips = Array.from({ length: 9 }, () => {
    const x = 150 + random() * 170;
    const y = 90 + random() * 140;
    const rot = Math.round(random() * 360);
    return `<path d="M0 -40 L36 28 L-36 28 Z" fill="${colour}" stroke="#a04000" stroke-width="3" transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${rot})"/>`;
  });
  return `<ellipse cx="240" cy="175" rx="150" ry="105" fill="#fdfefe"/>${chips.join('')}<path d="M160 150 q40 -30 80 0 t80 0" stroke="#f4d03f" stroke-width="10" fill="none" stroke-linecap="round"/>`;
}

function sharerArt(colour: string): string {
  const items = [150, 200, 250, 300].map(
    (x, i) => `<circle cx="${x + 15}" cy="${130 + (i % 2) * 18}" r="34" fill="${colour}" stroke="#00000033" stroke-width="3"/>`,
  );
  return `<rect x="110" y="120" width="260" height="150" rx="12" fill="#f5eef8" stroke="#fdfefe" stroke-width="5"/>${items.join('')}<rect x="110" y="170" width="260" height="100" rx="12" fill="#e74c3c"/>`;
}

function canArt(colour: string): string {
  return `<rect x="185" y="50" width="110" height="220" rx="22" fill="${colour}" stroke="#d5d8dc" stroke-width="6"/>
<ellipse cx="240" cy="58" rx="50" ry="12" fill="#d5d8dc"/><rect x="185" y="130" width="110" height="50" fill="#fdfefe" opacity="0.85"/>`;
}

function bottleArt(colour: string, water: boolean): string {
  const body = water ? '#d6eaf8' : '#2c3e50';
  return `<rect x="222" y="34" width="36" height="22" rx="4" fill="${water ? '#2e86c1' : colour}"/>
<path d="M226 56 L254 56 L256 90 Q292 110 292 150 L292 270 Q292 285 277 285 L203 285 Q188 285 188 270 L188 150 Q188 110 224 90 Z" fill="${body}" opacity="0.9" stroke="#fdfefe" stroke-width="4"/>
<rect x="188" y="160" width="104" height="60" fill="${colour}"/>`;
}

function cakeArt(colour: string): string {
  return `<ellipse cx="240" cy="270" rx="150" ry="22" fill="#fdfefe"/>
<path d="M110 170 L370 130 L370 250 L110 265 Z" fill="${colour}" stroke="#00000030" stroke-width="3"/>
<path d="M110 205 L370 185" stroke="#fdebd0" stroke-width="10"/><path d="M110 170 L370 130 L330 110 Z" fill="#fdebd0"/>
<circle cx="300" cy="112" r="16" fill="#c0392b"/>`;
}

function dipArt(colour: string): string {
  return `<path d="M150 150 L330 150 L310 270 L170 270 Z" fill="#fdfefe" stroke="#d5d8dc" stroke-width="5"/>
<ellipse cx="240" cy="150" rx="90" ry="26" fill="${colour}" stroke="#d5d8dc" stroke-width="5"/>`;
}

function crustArt(colour: string): string {
  return [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="140" y="${90 + i * 44}" width="200" height="34" rx="17" fill="${colour}" stroke="#935116" stroke-width="4" transform="rotate(${-12 + i * 6} 240 ${107 + i * 44})"/>`,
    )
    .join('');
}

function dealArt(product: MenuProduct, random: () => number, lettering: boolean): string {
  const pizzas = product.dealSlots?.filter((slot) => slot.kind === 'pizza').reduce((n, slot) => n + slot.count, 0) ?? 1;
  const shown = Math.min(pizzas, 4);
  const radius = shown > 2 ? 56 : 78;
  // Side by side across the visible square, overlapping when there are many.
  const step = shown > 1 ? Math.min(130, (TITLE_WIDTH - 2 * radius) / (shown - 1)) : 0;
  const parts: string[] = [];
  for (let i = 0; i < shown; i += 1) {
    const cx = ART_WIDTH / 2 + (i - (shown - 1) / 2) * step;
    parts.push(pizzaArt(cx, 180, radius, '#8e2b1e', random));
  }
  // Top centre: inside the square and the category's round crop, and clear of the heart in the card's corner. The
  // word DEAL on a deal's picture only: a category picture carries no lettering.
  const word = lettering
    ? `<text x="0" y="10" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" fill="#283593" text-anchor="middle">DEAL</text>`
    : '';
  const badge = `<g transform="translate(${ART_WIDTH / 2} 58) scale(0.9)"><polygon points="0,-52 14,-18 50,-18 22,4 32,40 0,18 -32,40 -22,4 -50,-18 -14,-18" fill="#f4d03f" stroke="#fdfefe" stroke-width="4"/>
${word}</g>`;
  return parts.join('') + badge;
}

function shapeFor(category: CategoryName, product: MenuProduct | undefined, random: () => number): string {
  const colour = product?.colour ?? '#f5cba7';
  switch (category) {
    case 'Pizza':
      return pizzaArt(240, 160, 120, product?.colour ?? '#8e2b1e', random);
    case 'Vegan':
      return pizzaArt(240, 160, 120, product?.colour ?? '#27ae60', random, true);
    case 'Wings':
      return wingsArt(product?.colour ?? '#dc7633');
    case 'Sides':
      return friesArt(product?.colour ?? '#f4d03f');
    case 'Shakes':
      return shakeArt(product?.colour ?? '#f5b7b1');
    case 'Nachos':
      return nachosArt(product?.colour ?? '#f5b041', random);
    case 'Sides To Share':
      return sharerArt(product?.colour ?? '#dc7633');
    case 'Drinks':
      if (product?.drinkKind === 'can') return canArt(colour);
      if (product?.drinkKind === 'water') return bottleArt(colour, true);
      if (product?.drinkKind === 'bottle') return bottleArt(colour, false);
      return canArt('#e41e26') + `<g transform="translate(120 0)">${bottleArt('#1f3a93', false)}</g>`;
    case 'Desserts':
      return cakeArt(product?.colour ?? '#6e2c00');
    case 'Dips':
      return dipArt(product?.colour ?? '#fdfefe');
    case 'Crust':
      return crustArt(product?.colour ?? '#e0a458');
    case 'Deals':
      return product
        ? dealArt(product, random, true)
        : dealArt({ title: 'Deals', description: '', category: 'Deals', prices: {}, allergens: [] }, random, false);
  }
}

/** The largest font size (px) at which `text` fits a title line, at most `max`. */
function fittingSize(text: string, max: number): number {
  return Math.min(max, Math.floor(TITLE_WIDTH / (BOLD_EM_PER_CHAR * text.length)));
}

/** The title split at the space nearest its middle, or null for a single word. */
export function splitTitle(title: string): [string, string] | null {
  const middle = title.length / 2;
  let best = -1;
  for (let i = title.indexOf(' '); i !== -1; i = title.indexOf(' ', i + 1)) {
    if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  }
  return best === -1 ? null : [title.slice(0, best), title.slice(best + 1)];
}

/**
 * The title on a dark band along the bottom, within the visible square: one line when it fits at 26 px or more,
 * otherwise two lines (split at the space nearest the middle) on a taller band.
 */
export function titleLines(title: string): { lines: string[]; size: number } {
  const single = fittingSize(title, 34);
  const halves = splitTitle(title);
  if (single >= 26 || !halves) return { lines: [title], size: single };
  return { lines: halves, size: fittingSize(halves[0].length >= halves[1].length ? halves[0] : halves[1], 30) };
}

function titleText(title: string): string {
  const { lines, size } = titleLines(title);
  const lineHeight = Math.round(size * 1.15);
  const band = lines.length === 1 ? 62 : 24 + lineHeight * lines.length;
  const firstBaseline = ART_HEIGHT - band + (band - lineHeight * lines.length) / 2 + size * 0.95;
  const text = lines
    .map((line, index) => `<tspan x="${ART_WIDTH / 2}" y="${Math.round(firstBaseline + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<rect x="0" y="${ART_HEIGHT - band}" width="${ART_WIDTH}" height="${band}" fill="#00000066"/>
<text font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>`;
}

/** A product's picture carries its title; a category's (`title` null) none. */
function svg(category: CategoryName, title: string | null, product?: MenuProduct): string {
  const random = seededRandom(title ?? category);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">
<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="${BACKGROUNDS[category]}"/>
<circle cx="60" cy="40" r="90" fill="#ffffff14"/><circle cx="440" cy="330" r="120" fill="#ffffff10"/>
${shapeFor(category, product, random)}
${title === null ? '' : titleText(title)}
</svg>`;
}

/**
 * A category's picture: the drawing alone. The menu shows it as a small circle with the category's name beneath,
 * so a caption would repeat the name, too small to read and cut by the circle ('ides To Shar').
 */
export function drawCategory(category: CategoryName): string {
  return svg(category, null);
}

export function drawProduct(product: MenuProduct): string {
  return svg(product.category, product.title, product);
}
