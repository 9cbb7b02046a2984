import { Button } from '@mantine/core';
import type { BlogCategory } from '../lib/group-by-category';
import classes from './blog.module.css';

/**
 * The category picker: a list of toggle buttons (aria-pressed), because picking one filters the grid beside it
 * rather than moving to a new page.
 */
export function CategoryList(props: {
  categories: BlogCategory[];
  selected: string | null;
  onSelect: (name: string) => void;
  labelledBy: string;
}) {
  return (
    <ul className={classes.categories} aria-labelledby={props.labelledBy}>
      {props.categories.map((category) => {
        const isSelected = category.name === props.selected;
        return (
          <li key={category.name}>
            <Button
              className={classes.categoryButton}
              classNames={{ label: classes.categoryLabel }}
              variant={isSelected ? 'filled' : 'default'}
              aria-pressed={isSelected}
              onClick={() => props.onSelect(category.name)}
            >
              {category.name}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
