import { Box } from '@mantine/core';
import classes from './blog.module.css';

// Width and height reserve the 16:9 box before the image arrives, so the page does not jump.
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 450;

/**
 * An article's image, or a plain placeholder when it has none. The placeholder is decorative (the blog name is
 * right beside it), so screen readers skip it.
 */
export function BlogImage(props: { src: string | null; alt: string; placeholder: string; eager?: boolean }) {
  if (!props.src) {
    return (
      <Box className={classes.placeholder} aria-hidden="true">
        {props.placeholder}
      </Box>
    );
  }
  return (
    <img
      className={classes.image}
      src={props.src}
      alt={props.alt}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
