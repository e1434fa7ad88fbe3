import {
  amber,
  blue,
  blueGrey,
  brown,
  cyan,
  deepOrange,
  deepPurple,
  green,
  indigo,
  lightBlue,
  lightGreen,
  lime,
  orange,
  pink,
  purple,
  red,
  teal,
  yellow,
} from '@mui/material/colors';

/**
 * The product's palette of 18 colours (spec section 10): Material's hues, each as a strong colour (500,
 * the tag default #f44336 among them) paired with its lightest tint (50) for backgrounds.
 */
export const PALETTE = [
  red,
  pink,
  purple,
  deepPurple,
  indigo,
  blue,
  lightBlue,
  cyan,
  teal,
  green,
  lightGreen,
  lime,
  yellow,
  amber,
  orange,
  deepOrange,
  brown,
  blueGrey,
].map((hue) => ({ color: hue[500], background: hue[50] }));

export const PALETTE_COLORS = PALETTE.map((entry) => entry.color);
export const PALETTE_BACKGROUNDS = PALETTE.map((entry) => entry.background);

/** The tint that goes with a palette colour, for filling the background when the colour is chosen. */
export const backgroundFor = (color: string): string | undefined =>
  PALETTE.find((entry) => entry.color.toLowerCase() === color.toLowerCase())?.background;
