import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { imageUrlAtWidth } from '../../../lib/image-url';
import type { MenuCategory } from '../../../lib/menu-types';
import { paths } from '../../../lib/paths';
import { DEFAULT_CATEGORY } from '../lib/select-category';

interface CategorySelectorProps {
  categories: MenuCategory[];
  selected: string | null;
  onSelect: (categoriName: string) => void;
}

/** A category's view: `/` for the one the menu opens on, `/?category=<name>` for the others (the menu screen's URL). */
export function categoryHref(categoriName: string): string {
  return categoriName === DEFAULT_CATEGORY ? paths.home : `${paths.home}?${new URLSearchParams({ category: categoriName }).toString()}`;
}

const IMAGE_SIZE = 56;
/** Sharp at 2x and 3x screens for the 56 px circle. */
const THUMBNAIL_WIDTH = 160;
/** Images past this index are usually off-screen on a phone, so they load lazily. */
const EAGER_IMAGES = 6;

/**
 * The row of category buttons above the menu; one is pressed at a time. The home route's loader has the list
 * before the page first renders, so there is no loading state to draw.
 */
export function CategorySelector({ categories, selected, onSelect }: CategorySelectorProps) {
  const rowRef = useRef<HTMLElement>(null);

  // On a phone the default (Deals) sits off-screen to the right: scroll sideways only, so that the pressed button
  // shows with the one before it, both whole (the row snaps to a button's start, so none is cut at the left edge).
  // A pressed button already in view stays where it is: the row moving under a finger just after the page appears
  // (on a desktop, where Deals shows from the start) would put another category under the tap.
  useEffect(() => {
    const row = rowRef.current;
    const pressed = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !pressed) return;
    const rowBox = row.getBoundingClientRect();
    const box = pressed.getBoundingClientRect();
    if (box.width > 0 && box.left >= rowBox.left && box.right <= rowBox.right) return;
    const first = (pressed.previousElementSibling as HTMLElement | null) ?? pressed;
    const inset = Number.parseFloat(getComputedStyle(row).scrollPaddingLeft) || 0;
    row.scrollLeft = Math.max(0, first.offsetLeft - inset);
  }, [selected, categories]);

  const choose = (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>, categoriName: string) => {
    event.preventDefault();
    onSelect(categoriName);
  };

  // Plain elements with the static classes of styles/storefront.css rather than Box and ButtonBase: a dozen buttons
  // of the first screen whose Emotion styles were serialised again while the page hydrated.
  return (
    <nav ref={rowRef} aria-label="Categories" className="category-row">
      {categories.map((category, index) => {
        const pressed = category.categoriName === selected;
        return (
          <a
            key={category._id}
            // A link to the category's view (its URL, which the server renders), so it works with scripts off and
            // search engines follow it; with scripts, a toggle button that changes the view in place.
            href={categoryHref(category.categoriName)}
            role="button"
            aria-pressed={pressed}
            className={pressed ? 'category-button is-pressed' : 'category-button'}
            onClick={(event) => {
              // A new tab or window (Ctrl, Shift, middle button) opens the link as a link.
              if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
              choose(event, category.categoriName);
            }}
            // A button takes Space as well as Enter (Enter follows the link's click above).
            onKeyDown={(event) => {
              if (event.key === ' ') choose(event, category.categoriName);
            }}
          >
            {category.imageUrl ? (
              <img
                src={imageUrlAtWidth(category.imageUrl, THUMBNAIL_WIDTH)}
                alt=""
                width={IMAGE_SIZE}
                height={IMAGE_SIZE}
                loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
                decoding="async"
                className="category-image"
              />
            ) : (
              <span aria-hidden="true" className="category-image is-empty" />
            )}
            <span>{category.categoriName}</span>
          </a>
        );
      })}
    </nav>
  );
}
