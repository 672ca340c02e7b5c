import type { EnglishStrings } from './index';
import adminEnglish from './en-admin.json';
import appEnglish from './en-app.json';
import areaEnglish from './en-area.json';
import en from './en.json';
import infoEnglish from './en-info.json';
import listEnglish from './en-list.json';
import measurementsEnglish from './en-measurements.json';
import notificationsEnglish from './en-notifications.json';
import ordersEnglish from './en-orders.json';
import pagingEnglish from './en-paging.json';
import productEnglish from './en-product.json';
import searchEnglish from './en-search.json';
import tailoringEnglish from './en-tailoring.json';

/**
 * The English strings that pages bring with them (addEnglish in i18n/index.ts): the dashboard's,
 * the information pages', the measurement profiles page's, and the service area's (the
 * product page's pin-code check, the address form's extra fields and the waitlist, each loaded on demand), and the
 * tailoring order's (stitching details, the visit picker, the confirmation), the product page's (its offer line), the search page's and the product lists' sort and price
 * range (category, featured and search pages), and the installed app's (the new-version notice; the web build draws the offline page from it). Only the server, which renders every page, and the tests import
 * this module; the browser gets each part with its page's chunk.
 */
export const PAGE_ENGLISH: readonly EnglishStrings[] = [
  adminEnglish,
  infoEnglish,
  measurementsEnglish,
  areaEnglish,
  tailoringEnglish,
  productEnglish,
  searchEnglish,
  listEnglish,
  ordersEnglish,
  pagingEnglish,
  appEnglish,
  notificationsEnglish,
];

function isBranch(value: unknown): value is EnglishStrings {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(into: EnglishStrings, from: EnglishStrings): EnglishStrings {
  for (const [key, value] of Object.entries(from)) {
    const present = into[key];
    into[key] = isBranch(present) && isBranch(value) ? merge({ ...present }, value) : value;
  }
  return into;
}

/** Every English string: en.json with each page's part merged in, shaped like ta.json. */
export const ALL_ENGLISH: EnglishStrings = PAGE_ENGLISH.reduce<EnglishStrings>((all, part) => merge(all, part), merge({}, en));
