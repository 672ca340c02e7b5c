import type { BannerCategory, ProductCategory } from '@thaiyal/contract';
import type { BannerArt, Fabric, GarmentShape, Look } from './garment-svg.js';

/**
 * The demo catalog (docs/product.md#demo-catalog): for each of docs/product.md#limits 28 categories, 3 to 6
 * products with a real-sounding name, a sentence or two written for a Pollachi home-visit
 * tailor, a price in rupees a local tailor would ask (₹350 to ₹4,500), a garment drawing and
 * 2 to 4 pictures. Written out, not random: the same catalog every time.
 */
export interface DemoProduct {
  category: ProductCategory;
  name: string;
  description: string;
  priceRupees: number;
  featured: boolean;
  shape: GarmentShape;
  look: Look;
  /** How many pictures: front, back, close-up, and a second colourway. */
  pictures: 2 | 3 | 4;
}

/**
 * A banner of the demo catalog: one per banner category (docs/product.md#limits). Its picture
 * carries no words; `text` is shown over it as page text in the page's language
 * (docs/product.md#home).
 */
export interface DemoBanner {
  category: BannerCategory;
  text: { headline: string; headlineTa: string; line: string; lineTa: string };
  art: BannerArt;
}

const F = (colour: string, accent: string, pattern: Fabric['pattern']): Fabric => ({ colour, accent, pattern });

/** Fabrics a Pollachi customer brings or picks: silks, cottons, georgettes, prints. */
const FABRICS = {
  maroonSilk: F('#7a1f2b', '#d6a93a', 'buttis'),
  peacockSilk: F('#0f5c63', '#e3b94d', 'paisley'),
  mangoSilk: F('#e0a526', '#8c2a1c', 'buttis'),
  rosePink: F('#d9738c', '#fbe3ea', 'floral'),
  parrotGreen: F('#4f9a3b', '#f2d46b', 'dots'),
  royalBlue: F('#27489c', '#f0c75e', 'chevron'),
  creamCotton: F('#f1e6cf', '#b5523b', 'stripes'),
  indigoPrint: F('#2b3a67', '#e9eef7', 'leaves'),
  mustardCheck: F('#d4a02a', '#6b4a12', 'checks'),
  lavender: F('#9b86c4', '#f4eefb', 'floral'),
  coral: F('#e8735a', '#fff1e6', 'dots'),
  bottleGreen: F('#1f5a3d', '#d9b65a', 'paisley'),
  black: F('#26232a', '#d6a93a', 'buttis'),
  skyBlue: F('#7fb6dc', '#ffffff', 'stripes'),
  magenta: F('#a8246e', '#f5c4de', 'chevron'),
  peach: F('#f2b79b', '#a64b36', 'leaves'),
  white: F('#f7f4ee', '#c9a24a', 'plain'),
  wine: F('#5b1a33', '#e7b7c8', 'plain'),
} as const;
type FabricName = keyof typeof FABRICS;

type Row = [name: string, description: string, priceRupees: number, fabric: FabricName, contrast?: FabricName, featured?: boolean];

const blouse = (
  neck: Extract<GarmentShape, { kind: 'blouse' }>['neck'],
  sleeve: Extract<GarmentShape, { kind: 'blouse' }>['sleeve'],
  backNeck: Extract<GarmentShape, { kind: 'blouse' }>['backNeck'],
): GarmentShape => ({ kind: 'blouse', neck, sleeve, backNeck });
const kurta = (
  cut: Extract<GarmentShape, { kind: 'kurta' }>['cut'],
  neck: Extract<GarmentShape, { kind: 'kurta' }>['neck'],
  sleeve: Extract<GarmentShape, { kind: 'kurta' }>['sleeve'],
  pant: Extract<GarmentShape, { kind: 'kurta' }>['pant'],
  dupatta = false,
): GarmentShape => ({ kind: 'kurta', cut, neck, sleeve, pant, dupatta });
const frock = (
  skirt: Extract<GarmentShape, { kind: 'frock' }>['skirt'],
  length: 'knee' | 'maxi',
  neck: Extract<GarmentShape, { kind: 'frock' }>['neck'],
  sleeve: Extract<GarmentShape, { kind: 'frock' }>['sleeve'],
  bow = false,
): GarmentShape => ({ kind: 'frock', skirt, length, neck, sleeve, bow });

/** Per category: the garment drawn for each product (cycled) and the products. */
const CATEGORY_ROWS: Record<ProductCategory, { shapes: GarmentShape[]; looks?: Partial<Look>; rows: Row[] }> = {
  'saree-blouse': {
    shapes: [blouse('round', 'elbow', 'deep-u'), blouse('boat', 'short', 'keyhole'), blouse('v', 'three-quarter', 'v')],
    looks: { border: 'zari' },
    rows: [
      [
        'Kanchi Silk Saree Blouse',
        'Lined silk blouse stitched to your measurements, with a zari border matched to your saree. We pick up the saree piece at the home visit.',
        850,
        'maroonSilk',
        undefined,
        true,
      ],
      [
        'Cotton Daily-Wear Saree Blouse',
        'A breathable cotton blouse with princess cut and side hooks, made for long days in Pollachi heat.',
        450,
        'creamCotton',
      ],
      ['Boat Neck Saree Blouse', 'Elegant boat neck with a keyhole back and tassels, finished with hand-rolled edges.', 950, 'peacockSilk'],
      [
        'Readymade-Look Padded Blouse',
        'Padded, princess-cut blouse with a clean V back, sewn to fit like a boutique piece.',
        1200,
        'black',
      ],
    ],
  },
  'aariwork-blouse': {
    shapes: [blouse('round', 'elbow', 'deep-u'), blouse('sweetheart', 'elbow', 'square')],
    looks: { work: 'aari', border: 'zari' },
    rows: [
      [
        'Bridal Aari Work Blouse',
        'Dense aari work with zardosi and stones across the sleeves and back, for the wedding day silk. Allow three weeks.',
        4200,
        'maroonSilk',
        undefined,
        true,
      ],
      ['Peacock Motif Aari Blouse', 'Peacock motifs worked in gold and green thread on the sleeves and neckline.', 2800, 'peacockSilk'],
      [
        'Simple Aari Border Blouse',
        'A light aari border around the neck and sleeves: rich enough for functions, easy on the budget.',
        1500,
        'mangoSilk',
      ],
      [
        'Mirror and Aari Reception Blouse',
        'Mirror work set among aari flowers, made to catch the light at evening receptions.',
        3400,
        'wine',
      ],
    ],
  },
  'embroidery-blouse': {
    shapes: [blouse('round', 'short', 'deep-u'), blouse('pot', 'elbow', 'keyhole'), blouse('v', 'elbow', 'v')],
    looks: { work: 'embroidery' },
    rows: [
      [
        'Machine Embroidery Cotton Blouse',
        'Neat machine embroidery on soft cotton, a favourite for office and temple wear.',
        700,
        'skyBlue',
      ],
      [
        'Thread Work Silk Blouse',
        'Fine thread embroidery on silk, colours chosen to match your saree at the home visit.',
        1300,
        'rosePink',
        undefined,
        true,
      ],
      ['Cutwork Embroidery Blouse', 'Cutwork flowers along the sleeve hem with a scalloped finish.', 1100, 'white'],
      ['Kantha Stitch Blouse', 'Running-stitch kantha lines across the yoke, for handloom sarees.', 980, 'indigoPrint'],
    ],
  },
  'designer-blouse': {
    shapes: [blouse('high', 'puff', 'keyhole'), blouse('collar', 'full', 'plain'), blouse('sweetheart', 'cap', 'deep-u')],
    rows: [
      [
        'High Neck Puff Sleeve Blouse',
        'A high neck with puffed sleeves and a keyhole back: a modern cut for silk and organza sarees.',
        1650,
        'magenta',
        undefined,
        true,
      ],
      [
        'Collar Neck Full Sleeve Blouse',
        'Shirt-collar blouse with full sleeves and covered buttons, smart with cotton and linen sarees.',
        1250,
        'mustardCheck',
      ],
      ['Sweetheart Neck Cap Sleeve Blouse', 'Sweetheart neckline, cap sleeves and a deep back for party sarees.', 1400, 'black'],
      ['Peplum Designer Blouse', 'A peplum hem that also pairs with lehenga skirts, lined and padded.', 1900, 'lavender'],
      ['Cape Sleeve Designer Blouse', 'Flowing cape sleeves in georgette over a fitted silk base.', 2100, 'coral'],
    ],
  },
  'neck-design-blouse': {
    shapes: [blouse('pot', 'elbow', 'deep-u'), blouse('square', 'short', 'square'), blouse('v', 'elbow', 'keyhole')],
    looks: { neckTrim: 'piping' },
    rows: [
      [
        'Pot Neck Blouse with Piping',
        'The classic pot neck, piped in a contrast colour, with a deep U back.',
        650,
        'mangoSilk',
        'maroonSilk',
      ],
      ['Square Neck Blouse with Lace', 'Square front and back necks edged with fine lace.', 750, 'parrotGreen'],
      ['Leaf Neck Blouse', 'A leaf-shaped front neck with a matching keyhole back and latkans.', 820, 'bottleGreen'],
    ],
  },
  'sleeve-blouse': {
    shapes: [blouse('round', 'bell', 'deep-u'), blouse('round', 'frill', 'v'), blouse('boat', 'three-quarter', 'keyhole')],
    rows: [
      ['Bell Sleeve Blouse', 'Elbow-length bell sleeves with a zari band at the flare.', 900, 'royalBlue'],
      ['Frill Sleeve Blouse', 'Soft layered frills at the sleeve for a young, festive look.', 850, 'rosePink', undefined, true],
      ['Three-Quarter Sleeve Blouse', 'Three-quarter sleeves with a slit and tie, comfortable for all-day functions.', 780, 'peacockSilk'],
    ],
  },
  'umbrella-chudithar': {
    shapes: [kurta('umbrella', 'round', 'three-quarter', 'churidar', true), kurta('umbrella', 'v', 'elbow', 'churidar')],
    rows: [
      [
        'Umbrella Cut Anarkali Chudithar',
        'A full-flare umbrella kurta with churidar and dupatta piping, twirl-ready for functions.',
        1850,
        'magenta',
        'black',
        true,
      ],
      [
        'Cotton Umbrella Chudithar',
        'Light cotton umbrella cut for daily wear, with side pockets on request.',
        1100,
        'peach',
        'creamCotton',
      ],
      [
        'Printed Umbrella Chudithar Set',
        'Your printed material stitched as an umbrella kurta with matching churidar.',
        1250,
        'indigoPrint',
        'white',
      ],
    ],
  },
  'party-wear-chudithar': {
    shapes: [kurta('gathered', 'sweetheart', 'full', 'churidar', true), kurta('gathered', 'round', 'three-quarter', 'palazzo')],
    looks: { neckTrim: 'zari', work: 'stones' },
    rows: [
      [
        'Gathered Party Wear Chudithar',
        'Gathered kurta with a stone-work yoke and net dupatta for weddings and receptions.',
        2400,
        'wine',
        'black',
        true,
      ],
      [
        'Silk Gather Chudithar with Palazzo',
        'Gathered silk kurta with a flowing palazzo, lined throughout.',
        2650,
        'bottleGreen',
        'mangoSilk',
      ],
      ['Velvet Yoke Party Chudithar', 'Velvet yoke with zari lace and a gathered georgette body.', 2900, 'royalBlue', 'white'],
    ],
  },
  'cotton-chudithar': {
    shapes: [kurta('straight', 'round', 'elbow', 'churidar'), kurta('straight', 'collar', 'three-quarter', 'straight')],
    rows: [
      [
        'Straight Cut Cotton Chudithar',
        'A straight kurta and churidar in breathable cotton, ideal for college and office.',
        750,
        'skyBlue',
        'white',
      ],
      ['Collar Neck Cotton Chudithar', 'Shirt-collar kurta with a button placket and straight pant.', 820, 'mustardCheck', 'creamCotton'],
      ['Block Print Cotton Chudithar', 'Hand block-printed cotton stitched with contrast piping.', 890, 'indigoPrint', 'white', true],
      ['Khadi Cotton Chudithar', 'Soft khadi kurta with side slits and a relaxed churidar.', 950, 'creamCotton', 'bottleGreen'],
    ],
  },
  'aliya-cut-chudithar': {
    shapes: [kurta('aliya', 'v', 'three-quarter', 'straight', true), kurta('aliya', 'round', 'elbow', 'churidar')],
    rows: [
      [
        'Aliya Cut Long Kurta Set',
        'Panelled aliya cut kurta that flatters every figure, with straight pant and dupatta.',
        1450,
        'coral',
        'white',
        true,
      ],
      ['Aliya Cut Cotton Chudithar', 'Eight-panel aliya cut in cotton, easy to wash and wear.', 1050, 'parrotGreen', 'creamCotton'],
      ['Aliya Cut Silk Chudithar', 'Silk aliya cut with a zari neck for festivals.', 1750, 'mangoSilk', 'maroonSilk'],
    ],
  },
  'casual-chudithar': {
    shapes: [kurta('short', 'round', 'short', 'straight'), kurta('short', 'v', 'elbow', 'palazzo')],
    rows: [
      ['Short Kurti with Straight Pant', 'A hip-length kurti and straight pant for errands and travel.', 650, 'lavender', 'white'],
      ['Rayon Casual Chudithar', 'Flowy rayon kurta with a comfortable elastic pant.', 700, 'peach', 'indigoPrint'],
      ['Checked Casual Kurti Set', 'Checked cotton kurti with button details and a plain pant.', 720, 'mustardCheck', 'black'],
    ],
  },
  'neck-design-chudithar': {
    shapes: [kurta('straight', 'square', 'elbow', 'churidar'), kurta('straight', 'v', 'three-quarter', 'straight')],
    looks: { neckTrim: 'lace' },
    rows: [
      ['Square Neck Chudithar with Lace', 'Square neckline edged with lace on a straight kurta.', 900, 'rosePink', 'white'],
      ['Keyhole Neck Chudithar', 'A keyhole front neck with a tie-up and tassels.', 950, 'bottleGreen', 'creamCotton'],
      ['Chinese Collar Chudithar', 'A mandarin collar with a concealed placket and piping.', 980, 'royalBlue', 'white'],
    ],
  },
  'sleeve-design-chudithar': {
    shapes: [kurta('straight', 'round', 'bell', 'churidar'), kurta('straight', 'round', 'puff', 'straight')],
    rows: [
      ['Bell Sleeve Chudithar', 'Bell sleeves with a lace band on a straight kurta.', 980, 'magenta', 'white'],
      ['Puff Sleeve Chudithar', 'Puffed shoulders and a fitted cuff on a cotton kurta.', 1020, 'coral', 'creamCotton'],
      ['Slit Sleeve Chudithar', 'Long sleeves with a tulip slit and button loops.', 1080, 'black', 'mangoSilk', true],
    ],
  },
  'maxi-frock': {
    shapes: [frock('flare', 'maxi', 'round', 'three-quarter'), frock('tier', 'maxi', 'v', 'elbow')],
    rows: [
      [
        'Floor-Length Maxi Frock',
        'A floor-length maxi with a fitted bodice and full flare, for women and teenage girls.',
        1650,
        'lavender',
        undefined,
        true,
      ],
      ['Tiered Cotton Maxi', 'Three gathered tiers in soft cotton, light for summer evenings.', 1350, 'peach'],
      ['Silk Maxi Gown Frock', 'Silk maxi with a zari belt, a festive choice for functions.', 2400, 'maroonSilk'],
      ['Printed Maxi Frock with Pockets', 'Everyday printed maxi with side pockets and a back zip.', 1150, 'indigoPrint'],
    ],
  },
  'gather-frock': {
    shapes: [frock('gather', 'knee', 'round', 'puff', true), frock('gather', 'knee', 'square', 'short')],
    rows: [
      [
        'Girls Gather Frock with Bow',
        'Knee-length gathered frock with puff sleeves and a back bow, sized from 2 to 12 years.',
        650,
        'rosePink',
        undefined,
        true,
      ],
      ['Cotton Gather Frock', 'Soft cotton gathers and a square neck for playtime.', 550, 'parrotGreen'],
      ['Silk Gather Frock', 'Silk gathered frock with a zari waistband for temple visits.', 1100, 'mangoSilk'],
    ],
  },
  'ball-frock': {
    shapes: [frock('ball', 'knee', 'round', 'puff', true), frock('ball', 'maxi', 'sweetheart', 'cap')],
    rows: [
      ['Birthday Ball Frock', 'A full net ball frock with layered can-can for birthday parties.', 1450, 'coral', undefined, true],
      ['Princess Ball Gown', 'Floor-length princess gown with a satin bodice and net skirt.', 2300, 'lavender'],
      ['Sequin Ball Frock', 'Sequinned bodice with a puffed net skirt.', 1750, 'magenta'],
    ],
  },
  'fleet-frock': {
    shapes: [frock('pleat', 'knee', 'round', 'short'), frock('pleat', 'knee', 'collar', 'elbow')],
    rows: [
      ['Box Pleat Fleet Frock', 'Crisp box pleats from the waist, a neat school-function frock.', 700, 'royalBlue'],
      ['Knife Pleat Cotton Frock', 'Knife pleats in cotton with a Peter Pan collar.', 680, 'skyBlue'],
      ['Pleated Silk Frock', 'Silk pleats with a zari hem for festivals.', 1200, 'bottleGreen'],
    ],
  },
  'neck-design-frock': {
    shapes: [frock('flare', 'knee', 'sweetheart', 'cap'), frock('flare', 'knee', 'boat', 'short')],
    rows: [
      ['Sweetheart Neck Frock', 'A sweetheart neckline with a flared skirt for teenagers.', 900, 'wine'],
      ['Boat Neck Flare Frock', 'Boat neck, short sleeves and a twirl-ready flare.', 850, 'coral'],
      ['Collar Neck Party Frock', 'A round collar edged with lace on a party frock.', 950, 'white'],
    ],
  },
  'sleeve-design-frock': {
    shapes: [frock('flare', 'knee', 'round', 'bell'), frock('tier', 'knee', 'round', 'frill')],
    rows: [
      ['Bell Sleeve Frock', 'Bell sleeves with a contrast band on a knee-length frock.', 880, 'mustardCheck'],
      ['Frill Sleeve Tier Frock', 'Frilled sleeves and two tiers in soft georgette.', 980, 'rosePink'],
      ['Cold Shoulder Frock', 'Cold-shoulder sleeves with ties, a young style for summer.', 920, 'parrotGreen'],
    ],
  },
  'gown-pattupavadai': {
    shapes: [{ kind: 'pattupavadai', style: 'classic', neck: 'round', sleeve: 'puff' }],
    looks: { border: 'temple' },
    rows: [
      ['Silk Pattu Gown', 'A long silk gown with a temple border, the modern take on pattupavadai.', 2600, 'mangoSilk', 'maroonSilk', true],
      ['Kanchi Pattu Gown with Yoke', 'Kanchi silk gown with a contrast yoke and puff sleeves.', 3200, 'peacockSilk', 'mangoSilk'],
      ['Soft Silk Anarkali Pattu Gown', 'Anarkali-style soft silk gown, lighter for long functions.', 2200, 'magenta', 'mangoSilk'],
    ],
  },
  'trending-pattupavadai': {
    shapes: [{ kind: 'pattupavadai', style: 'half-saree', neck: 'round', sleeve: 'elbow' }],
    looks: { border: 'zari' },
    rows: [
      [
        'Half Saree Pattupavadai Set',
        'Pattupavadai, blouse and half-saree dhavani stitched as a set for puberty functions and festivals.',
        3800,
        'rosePink',
        'bottleGreen',
        true,
      ],
      ['Contrast Border Pattupavadai', 'Pavadai with a broad contrast border and matching blouse.', 2400, 'parrotGreen', 'magenta'],
      [
        'Pastel Organza Pattupavadai',
        'Pastel organza pavadai with a silk blouse, a trending look this season.',
        2900,
        'lavender',
        'mangoSilk',
      ],
    ],
  },
  'kids-dress-pattupavadai': {
    shapes: [{ kind: 'pattupavadai', style: 'short', neck: 'round', sleeve: 'puff' }],
    looks: { border: 'temple' },
    rows: [
      [
        'Kids Silk Pattupavadai',
        'Silk pavadai and puff-sleeve blouse for little girls, 1 to 10 years.',
        1200,
        'mangoSilk',
        'maroonSilk',
        true,
      ],
      ['Kids Cotton Pattupavadai', 'Cotton silk pavadai, light for the school Pongal celebration.', 900, 'coral', 'parrotGreen'],
      ['First Birthday Pattupavadai', 'A soft-lined silk pavadai for a baby\u2019s first birthday.', 1500, 'rosePink', 'mangoSilk'],
    ],
  },
  'palazzo-pant': {
    shapes: [{ kind: 'pant', cut: 'palazzo' }],
    rows: [
      ['Wide Leg Palazzo Pant', 'A flowing wide-leg palazzo with an elastic and drawstring waist.', 550, 'black'],
      ['Cotton Palazzo with Lace Hem', 'Cotton palazzo finished with lace at the hem.', 600, 'white'],
      ['Printed Rayon Palazzo', 'Rayon palazzo stitched from your printed material.', 580, 'indigoPrint'],
    ],
  },
  'gather-pant': {
    shapes: [{ kind: 'pant', cut: 'gather' }],
    rows: [
      ['Gathered Ankle Pant', 'Soft gathers at the waist and a cuffed ankle.', 520, 'mustardCheck'],
      ['Dhoti Style Gather Pant', 'A dhoti-style drape with gathers, paired with short kurtis.', 650, 'creamCotton'],
      ['Silk Gather Pant', 'Silk gather pant for festive kurtis.', 780, 'mangoSilk'],
    ],
  },
  'patiala-pant': {
    shapes: [{ kind: 'pant', cut: 'patiala' }],
    rows: [
      ['Full Patiala Pant', 'A traditional full patiala with deep pleats and a belted ankle.', 700, 'magenta'],
      ['Cotton Patiala Salwar', 'Cotton patiala salwar for everyday chudithar sets.', 620, 'white'],
      ['Silk Patiala with Zari Belt', 'Silk patiala with a zari ankle belt.', 900, 'royalBlue'],
    ],
  },
  'casual-pant': {
    shapes: [
      { kind: 'pant', cut: 'straight' },
      { kind: 'pant', cut: 'cigarette' },
    ],
    rows: [
      ['Straight Cotton Pant', 'A straight cotton pant with side pockets for kurtis.', 450, 'black'],
      ['Cigarette Pant', 'Slim cigarette pant with a side zip and ankle slit.', 550, 'white'],
      ['Linen Blend Pant', 'Relaxed linen-blend pant, cool in the afternoon heat.', 600, 'creamCotton'],
    ],
  },
  'semi-patiala-pant': {
    shapes: [{ kind: 'pant', cut: 'semi-patiala' }],
    rows: [
      ['Semi Patiala Pant', 'Fewer pleats than a patiala, easy to wear every day.', 550, 'bottleGreen'],
      ['Cotton Semi Patiala', 'Cotton semi patiala with an elastic waist.', 500, 'skyBlue'],
      ['Printed Semi Patiala', 'Printed semi patiala to pair with plain kurtis.', 580, 'peach'],
    ],
  },
  nightwear: {
    shapes: [
      { kind: 'nightie', neck: 'round', sleeve: 'short', frill: true, feeding: false },
      { kind: 'nightie', neck: 'v', sleeve: 'elbow', frill: false, feeding: true },
    ],
    rows: [
      ['Cotton Nightie with Frill Yoke', 'A soft cotton nightie with a frilled yoke and front buttons.', 480, 'skyBlue'],
      ['Feeding Nightie with Zips', 'A maternity nightie with concealed feeding zips, sewn roomy for comfort.', 650, 'lavender'],
      ['Printed Night Gown', 'An ankle-length printed nightgown with side pockets.', 520, 'peach'],
      ['Kaftan Style Nightwear', 'A loose kaftan cut in breathable cotton.', 600, 'indigoPrint'],
    ],
  },
};

/** Every demo product, in docs/product.md#limits category order; 2 to 4 pictures each. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = Object.entries(CATEGORY_ROWS).flatMap(([category, entry]) =>
  entry.rows.map(([name, description, priceRupees, fabric, contrast, featured], index): DemoProduct => ({
    category: category as ProductCategory,
    name,
    description,
    priceRupees,
    featured: featured ?? false,
    shape: entry.shapes[index % entry.shapes.length]!,
    look: { ...entry.looks, fabric: FABRICS[fabric], ...(contrast ? { contrast: FABRICS[contrast] } : {}) },
    pictures: ([2, 3, 4] as const)[(name.length + index) % 3]!,
  })),
);

/** The four demo banners, one per banner category (docs/product.md#limits). */
export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    category: 'blowse',
    text: {
      headline: 'Blouses stitched at your doorstep',
      headlineTa: 'வீட்டுக்கே வந்து பிளவுஸ் தைத்துத் தருகிறோம்',
      line: 'We measure at home and pick up your saree piece',
      lineTa: 'உங்கள் வீட்டிலேயே அளவெடுத்து, புடவைத் துணியை நாங்களே வாங்கிச் செல்கிறோம்',
    },
    art: {
      tone: '#7a1f2b',
      garments: [
        { shape: blouse('round', 'elbow', 'deep-u'), look: { fabric: FABRICS.mangoSilk, border: 'zari' } },
        { shape: blouse('boat', 'puff', 'keyhole'), look: { fabric: FABRICS.peacockSilk } },
      ],
    },
  },
  {
    category: 'embroidery',
    text: {
      headline: 'Embroidery in every thread',
      headlineTa: 'ஒவ்வொரு நூலிலும் எம்ப்ராய்டரி',
      line: 'Thread work and cutwork blouses for every saree',
      lineTa: 'ஒவ்வொரு புடவைக்கும் ஏற்ற நூல் வேலை, கட்வொர்க் பிளவுஸ்கள்',
    },
    art: {
      tone: '#1f5a3d',
      garments: [{ shape: blouse('pot', 'elbow', 'deep-u'), look: { fabric: FABRICS.rosePink, work: 'embroidery' } }],
    },
  },
  {
    category: 'aari',
    text: {
      headline: 'Bridal aari work',
      headlineTa: 'மணப்பெண்ணுக்கு ஆரி வேலை',
      line: 'Zardosi, stones and mirror work for the big day',
      lineTa: 'முகூர்த்த நாளுக்கு ஜர்தோசி, கல், கண்ணாடி வேலைப்பாடு',
    },
    art: {
      tone: '#5b1a33',
      garments: [
        { shape: blouse('sweetheart', 'elbow', 'square'), look: { fabric: FABRICS.maroonSilk, work: 'aari', border: 'zari' } },
        { shape: blouse('round', 'elbow', 'deep-u'), look: { fabric: FABRICS.bottleGreen, work: 'mirror' } },
      ],
    },
  },
  {
    category: 'custom',
    text: {
      headline: 'Custom tailoring for the whole family',
      headlineTa: 'குடும்பம் முழுவதற்கும் அளவுக்கேற்ற தையல்',
      line: 'Chudithars, frocks and pattupavadai made to measure',
      lineTa: 'சுடிதார், ஃபிராக், பட்டுப்பாவாடை எல்லாம் உங்கள் அளவுக்கே',
    },
    art: {
      tone: '#27489c',
      garments: [
        {
          shape: kurta('umbrella', 'round', 'three-quarter', 'churidar', true),
          look: { fabric: FABRICS.magenta, contrast: FABRICS.black },
        },
        {
          shape: { kind: 'pattupavadai', style: 'short', neck: 'round', sleeve: 'puff' },
          look: { fabric: FABRICS.mangoSilk, contrast: FABRICS.maroonSilk, border: 'temple' },
        },
      ],
    },
  },
];
