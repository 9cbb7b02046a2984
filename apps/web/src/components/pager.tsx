import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page links for a list (`page` of `totalPages`, spec: `notaries, totalPages, page`); hidden with one page. */
export function Pager(props: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (props.totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={props.label} justify="center">
      <Pagination
        value={props.page}
        total={props.totalPages}
        onChange={props.onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(page) => ({
          'aria-label': t('pager.page', { page, total: props.totalPages }),
          'aria-current': page === props.page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      />
    </Group>
  );
}
