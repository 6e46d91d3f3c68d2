import { useEffect, useRef, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
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
  useEffect(() => {
    const row = rowRef.current;
    const pressed = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !pressed) return;
    const first = (pressed.previousElementSibling as HTMLElement | null) ?? pressed;
    const inset = Number.parseFloat(getComputedStyle(row).scrollPaddingLeft) || 0;
    row.scrollLeft = Math.max(0, first.offsetLeft - inset);
  }, [selected, categories]);

  return (
    <Box
      ref={rowRef}
      component="nav"
      aria-label="Categories"
      sx={{
        // The buttons' offsetLeft is measured from the row.
        position: 'relative',
        display: 'flex',
        // On a phone about three and a half buttons show, so the row plainly scrolls; the snap keeps the left one whole,
        // and a gap as wide as the row's inset leaves nothing of the button before it.
        gap: { xs: 2, sm: 1 },
        overflowX: 'auto',
        py: 1,
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        scrollPaddingInline: { xs: '16px', sm: 0 },
        scrollSnapType: 'x mandatory',
        scrollbarWidth: 'thin',
      }}
    >
      {categories.map((category, index) => {
        const pressed = category.categoriName === selected;
        return (
          <ButtonBase
            key={category._id}
            // A link to the category's view (its URL, which the server renders), so it works with scripts off and
            // search engines follow it; with scripts, a toggle button that changes the view in place.
            component="a"
            href={categoryHref(category.categoriName)}
            role="button"
            aria-pressed={pressed}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              // A new tab or window (Ctrl, Shift, middle button) opens the link as a link.
              if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              onSelect(category.categoriName);
            }}
            focusRipple
            sx={{
              flex: '0 0 auto',
              width: { xs: 92, sm: 88 },
              scrollSnapAlign: 'start',
              display: 'grid',
              justifyItems: 'center',
              alignContent: 'start',
              gap: 0.5,
              p: 1,
              borderRadius: 2,
              border: 2,
              borderColor: pressed ? 'primary.main' : 'transparent',
              bgcolor: pressed ? 'rgba(91, 75, 219, 0.08)' : 'background.paper',
              color: pressed ? 'primary.main' : 'text.primary',
              fontWeight: pressed ? 700 : 500,
              fontSize: '0.8125rem',
              lineHeight: 1.2,
              textAlign: 'center',
              '&:hover': { borderColor: pressed ? 'primary.main' : 'divider' },
              '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {category.imageUrl ? (
              <Box
                component="img"
                src={imageUrlAtWidth(category.imageUrl, THUMBNAIL_WIDTH)}
                alt=""
                width={IMAGE_SIZE}
                height={IMAGE_SIZE}
                loading={index < EAGER_IMAGES ? 'eager' : 'lazy'}
                decoding="async"
                sx={{ borderRadius: '50%', objectFit: 'cover', bgcolor: 'grey.100' }}
              />
            ) : (
              <Box aria-hidden="true" sx={{ width: IMAGE_SIZE, height: IMAGE_SIZE, borderRadius: '50%', bgcolor: 'grey.200' }} />
            )}
            <span>{category.categoriName}</span>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
