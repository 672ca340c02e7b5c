/**
 * The admin forms' select and file picker are the shop's shared controls (components/ui), so the
 * dashboard's fields look and behave as the shopper's do (docs/product.md#accessibility).
 */
export { FileField } from '../../../components/ui/file-picker';
export { SelectField } from '../../../components/ui/select';
