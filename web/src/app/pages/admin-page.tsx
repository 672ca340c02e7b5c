import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/ui/page-heading';
import type { CatalogChange } from '../../features/admin/api/catalog-sync';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { bannersQuery } from '../../features/catalog/api/banners';
import { ContactMessages } from '../../features/contact/components/contact-messages';
import { TailorPhotoSection } from '../../features/contact/components/tailor-photo-section';
import { PRODUCTS_KEY } from '../../features/catalog/api/products';
import { Guard } from '../guards';
import { PageTitle } from '../../components/ui/page-title';
import { addEnglish } from '../../i18n';
import adminEnglish from '../../i18n/en-admin.json';

addEnglish(adminEnglish);

/**
 * /admin-only (docs/product.md#admin-dashboard), admins only (others go to /). Its own lazily
 * loaded chunk, so nothing of the dashboard reaches the home page's bundle. Admin writes
 * reload the shop's catalog queries: products (category pages, Featured and For You rows,
 * docs/product.md#states-and-transitions Featured toggle) or the home carousel's banners. The page composes the features:
 * the contact feature's message list is the dashboard's Messages tab (docs/product.md#contact; docs/architecture.md#code-shape,
 * a feature never imports another), and the contact feature's tailor photo is a section of its own below the tabs.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const onCatalogChange = useCallback(
    (change: CatalogChange) => {
      const queryKey = change === 'banners' ? bannersQuery.queryKey : PRODUCTS_KEY;
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );

  return (
    <Guard rule="admin">
      <PageTitle title={t('admin.title')} />
      <PageHeading sub={t('admin.sub')}>{t('admin.title')}</PageHeading>
      <AdminDashboard messagesPanel={ContactMessages} onCatalogChange={onCatalogChange} />
      {/* Its own section below the tabs, not a tab: the photo home shows (docs/product.md#admin-dashboard). */}
      <TailorPhotoSection />
    </Guard>
  );
}
