import { useEffect, useRef, useState } from 'react';
import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductSort,
  type AdminProductsQuery,
} from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useCategoriesQuery } from '../api/categories.js';
import controls from '../ui/Controls.module.css';
import styles from './Products.module.css';

const SORT_LABELS: Record<AdminProductSort, string> = {
  id: 'ID',
  title: 'Title',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock: 'Stock: lowest first',
  views: 'Most viewed',
  clicks: 'Most clicked (30 days)',
  updated: 'Recently changed',
};

interface ProductsFiltersProps {
  shop: ShopConfig;
  query: AdminProductsQuery;
  onChange: (query: AdminProductsQuery) => void;
}

/** Search (sent when the admin stops typing), category, availability or stock, and sort. */
export function ProductsFilters({ shop, query, onChange }: ProductsFiltersProps) {
  const categories = useCategoriesQuery(shop.key);
  const [text, setText] = useState(query.q);
  // The search this box last sent: a q that differs came from elsewhere (Back, a link) and replaces
  // the text; the box's own search arriving must not undo what was typed since.
  const sent = useRef(query.q);
  useEffect(() => {
    if (query.q !== sent.current) setText(query.q);
    sent.current = query.q;
  }, [query.q]);
  const latest = useRef({ query, onChange });
  latest.current = { query, onChange };
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      latest.current.onChange({ ...latest.current.query, q: text.trim() });
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const set = (changes: Partial<AdminProductsQuery>) => onChange({ ...query, ...changes });
  // Stock is the open box's alone; Buy clicks only exist where the buy button links out.
  const sorts = ADMIN_PRODUCT_SORTS.filter((sort) =>
    sort === 'stock' ? shop.sells === 'on-site' : sort !== 'clicks' || shop.sells === 'links-out',
  );

  return (
    <form className={styles.filters} role="search" onSubmit={(event) => event.preventDefault()}>
      <label className={styles.filter}>
        <span>Search titles</span>
        <input
          className={controls.input}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <label className={styles.filter}>
        <span>Category</span>
        <select
          className={controls.input}
          value={query.category ?? ''}
          onChange={(e) => set({ category: e.target.value || undefined })}
        >
          <option value="">All</option>
          {(categories.data?.categories ?? []).map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </label>
      {shop.hasAvailability && (
        <label className={styles.filter}>
          <span>Availability</span>
          <select
            className={controls.input}
            value={query.availability ?? ''}
            onChange={(e) =>
              set({ availability: (e.target.value || undefined) as AdminProductsQuery['availability'] })
            }
          >
            <option value="">All</option>
            <option value="YES">Available</option>
            <option value="NO">Unavailable</option>
          </select>
        </label>
      )}
      {shop.sells === 'on-site' && (
        <label className={styles.filter}>
          <span>Stock</span>
          <select
            className={controls.input}
            value={query.stock ?? ''}
            onChange={(e) => set({ stock: (e.target.value || undefined) as AdminProductsQuery['stock'] })}
          >
            <option value="">All</option>
            <option value="in">In stock</option>
            <option value="single">Only 1 left</option>
            <option value="out">Out of stock</option>
          </select>
        </label>
      )}
      <label className={styles.filter}>
        <span>Sort</span>
        <select
          className={controls.input}
          value={query.sort}
          onChange={(e) => set({ sort: e.target.value as AdminProductSort })}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
